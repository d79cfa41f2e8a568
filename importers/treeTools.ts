import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { walkPages } from '../core/tree.ts';

/** `dir/My API.postman_collection.json` → `My API.postman_collection` (extension and folders dropped). */
export function baseName(fileName: string | undefined): string {
  if (!fileName) return '';
  const last = fileName.split(/[\\/]/).pop() ?? '';
  return last.replace(/\.[^.]+$/, '').trim();
}

/** Stable keys must be unique in an item: a repeat gets `#2`, `#3`, … in tree order. */
export function uniqueKeys<T extends DocTree>(tree: T): T {
  const seen = new Map<string, number>();
  for (const { page } of walkPages(tree)) {
    if (!page.key) continue;
    const n = (seen.get(page.key) ?? 0) + 1;
    seen.set(page.key, n);
    if (n > 1) page.key = `${page.key}#${n}`;
  }
  return tree;
}

/** Finds or adds the catalog path under `root`, keeping first-seen order. */
export function catalogAt(root: { pages: DocPage[]; catalogs: DocCatalog[] }, path: string[]): { pages: DocPage[]; catalogs: DocCatalog[] } {
  let at: { pages: DocPage[]; catalogs: DocCatalog[] } = root;
  for (const name of path) {
    let next = at.catalogs.find((c) => c.name === name);
    if (!next) at.catalogs.push((next = { name, pages: [], catalogs: [], order: at.catalogs.length + 1 }));
    at = next;
  }
  return at;
}

/**
 * Items nest catalogs three levels deep: a catalog below the third level is lifted next to its
 * third-level ancestor and named by its path from there (`C / D`), the same folding the
 * Markdown-folder import applies to folders.
 */
export function foldDeepCatalogs<T extends { pages: DocPage[]; catalogs: DocCatalog[] }>(root: T, maxDepth = 3): T {
  const visit = (node: { catalogs: DocCatalog[] }, depth: number): void => {
    if (depth < maxDepth) {
      for (const c of node.catalogs) visit(c, depth + 1);
      return;
    }
    const lifted: DocCatalog[] = [];
    const lift = (c: DocCatalog, name: string, order: number | undefined) => {
      lifted.push({ ...c, name, order, catalogs: [] });
      for (const sub of c.catalogs) lift(sub, `${name} / ${sub.name}`, order);
    };
    for (const c of node.catalogs) lift(c, c.name, c.order);
    node.catalogs = lifted;
  };
  visit(root, 1);
  return root;
}
