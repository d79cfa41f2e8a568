import type { DocCatalog, DocPage, DocTree } from '../../../core/tree.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import type { Deps } from '../../services.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';

/**
 * An item as a DocTree (server ids, stable keys and orders filled in), for exports and the CLI.
 * `allowedTopCatIds` applies a member's catalog restriction: no root pages, only those top
 * catalogs (null = everything).
 */
export async function loadItemTree(deps: Pick<Deps, 'db'>, itemId: number, opts: { allowedTopCatIds: number[] | null }): Promise<DocTree> {
  const item = await Item.query(deps.db).findById(itemId).select('item_name', 'item_description', 'item_type');
  if (!item) throw new Error(`item ${itemId} not found`);
  const cats = await loadCatalogs(deps.db, itemId);
  const pages = await Page.query(deps.db)
    .modify('inItem', itemId)
    .modify('notDeleted')
    .orderBy([{ column: 's_number' }, { column: 'page_id' }])
    .select('page_id', 'cat_id', 'page_title', 'page_content', 's_number', 'stable_key');

  const nodes = new Map<number, DocCatalog>(cats.map((c) => [c.cat_id, { name: c.cat_name, order: c.s_number, catId: c.cat_id, pages: [], catalogs: [] }]));
  const tree: DocTree = { name: item.item_name, description: item.item_description, itemType: item.item_type, pages: [], catalogs: [] };
  for (const c of cats) {
    const node = nodes.get(c.cat_id)!;
    const parent = c.parent_cat_id ? nodes.get(c.parent_cat_id) : undefined;
    if (c.parent_cat_id && !parent) continue; // orphan: its parent is gone
    (parent ?? tree).catalogs.push(node);
  }
  for (const p of pages) {
    const page: DocPage = {
      title: p.page_title,
      content: p.page_content,
      order: p.s_number,
      pageId: p.page_id,
      ...(p.stable_key ? { key: p.stable_key } : {}),
    };
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
