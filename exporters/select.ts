import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';

/**
 * Narrows a tree (with server ids) to what an export asked for: one page (`pageId`), one catalog
 * with everything below it (`catId`), or the whole item. Null when the id is not in the tree, so
 * the caller can answer "not found" instead of exporting nothing.
 */
export function selectSubtree(tree: DocTree, sel: { catId?: number; pageId?: number }): DocTree | null {
  if (sel.pageId) {
    const page = findPage(tree, sel.pageId);
    return page ? { ...tree, pages: [page], catalogs: [] } : null;
  }
  if (sel.catId) {
    const cat = findCatalog(tree.catalogs, sel.catId);
    return cat ? { ...tree, pages: [], catalogs: [cat] } : null;
  }
  return tree;
}

function findPage(node: { pages: DocPage[]; catalogs: DocCatalog[] }, pageId: number): DocPage | null {
  const here = node.pages.find((p) => p.pageId === pageId);
  if (here) return here;
  for (const c of node.catalogs) {
    const found = findPage(c, pageId);
    if (found) return found;
  }
  return null;
}

function findCatalog(cats: DocCatalog[], catId: number): DocCatalog | null {
  for (const c of cats) {
    if (c.catId === catId) return c;
    const found = findCatalog(c.catalogs, catId);
    if (found) return found;
  }
  return null;
}

/** Pages and catalogs in display order: by `order`, then as listed. */
export function sortedPages(pages: DocPage[]): DocPage[] {
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.order ?? 99) - (b.p.order ?? 99) || a.i - b.i)
    .map((x) => x.p);
}
export function sortedCatalogs(cats: DocCatalog[]): DocCatalog[] {
  return cats
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.order ?? 99) - (b.c.order ?? 99) || a.i - b.i)
    .map((x) => x.c);
}
