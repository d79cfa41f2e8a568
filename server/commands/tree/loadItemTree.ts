import type { DocCatalog, DocPage, DocTree } from '../../../core/tree.ts';
import type { Deps } from '../../services.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';

/**
 * An item as a DocTree (server ids, stable keys and orders filled in), for exports and the CLI.
 * `allowedTopCatIds` applies a member's catalog restriction: no root pages, only those top
 * catalogs (null = everything).
 */
export async function loadItemTree(deps: Pick<Deps, 'db'>, itemId: number, opts: { allowedTopCatIds: number[] | null }): Promise<DocTree> {
  const item = (await deps.db('items').where({ item_id: itemId }).first('item_name', 'item_description', 'item_type')) as
    | { item_name: string; item_description: string; item_type: number }
    | undefined;
  if (!item) throw new Error(`item ${itemId} not found`);
  const cats = await loadCatalogs(deps.db, itemId);
  const pages = (await deps
    .db('pages')
    .where({ item_id: itemId, is_del: 0 })
    .orderBy([{ column: 's_number' }, { column: 'page_id' }])
    .select('page_id', 'cat_id', 'page_title', 'page_content', 's_number', 'stable_key')) as {
    page_id: number;
    cat_id: number;
    page_title: string;
    page_content: string;
    s_number: number;
    stable_key: string | null;
  }[];

  const nodes = new Map<number, DocCatalog>(cats.map((c) => [c.cat_id, { name: c.cat_name, order: c.s_number, catId: c.cat_id, pages: [], catalogs: [] }]));
  const tree: DocTree = { name: item.item_name, description: item.item_description, itemType: item.item_type, pages: [], catalogs: [] };
  for (const c of cats) {
    const node = nodes.get(c.cat_id)!;
    const parent = c.parent_cat_id ? nodes.get(c.parent_cat_id) : undefined;
    if (c.parent_cat_id && !parent) continue; // orphan: its parent is gone
    (parent ?? tree).catalogs.push(node);
  }
  for (const p of pages) {
    const page: DocPage = { title: p.page_title, content: p.page_content, order: p.s_number, pageId: p.page_id, ...(p.stable_key ? { key: p.stable_key } : {}) };
    const home = p.cat_id ? nodes.get(p.cat_id) : tree;
    home?.pages.push(page);
  }
  if (opts.allowedTopCatIds) {
    const allowed = new Set(opts.allowedTopCatIds);
    tree.pages = [];
    tree.catalogs = tree.catalogs.filter((c) => allowed.has(c.catId!));
  }
  return tree;
}
