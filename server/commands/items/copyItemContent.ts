import type { Deps } from '../../services.ts';

interface CatalogRow {
  cat_id: number;
  cat_name: string;
  parent_cat_id: number;
  level: number;
  s_number: number;
}

const PAGE_BATCH = 50;

/**
 * Copies the live catalogs (all of them, empty ones too, with their nesting and order) and live
 * pages (title, content, order, extra info) of one item into another. Members, history, locks,
 * share links, tokens and the recycle bin stay behind; the copier becomes the author.
 */
export async function copyItemContent(tx: Deps, fromItemId: number, toItemId: number, author: { uid: number; username: string }): Promise<void> {
  const now = tx.now();
  const catalogs = (await tx.db('catalogs').where({ item_id: fromItemId }).orderBy([{ column: 'level' }, { column: 'cat_id' }])) as CatalogRow[];
  const newIds = new Map<number, number>([[0, 0]]);
  // Parents come before children (ordered by level); a row whose parent is missing goes to the root.
  for (const cat of catalogs) {
    const parent = newIds.get(cat.parent_cat_id) ?? 0;
    const [row] = await tx
      .db('catalogs')
      .insert({ item_id: toItemId, cat_name: cat.cat_name, parent_cat_id: parent, level: cat.level, s_number: cat.s_number, addtime: now })
      .returning('cat_id');
    newIds.set(cat.cat_id, (row as { cat_id: number }).cat_id);
  }
  const pages = await tx
    .db('pages')
    .where({ item_id: fromItemId, is_del: 0 })
    .orderBy('page_id')
    .select('cat_id', 'page_title', 'page_content', 's_number', 'ext_info', 'content_hash', 'stable_key');
  for (let i = 0; i < pages.length; i += PAGE_BATCH) {
    await tx.db('pages').insert(
      pages.slice(i, i + PAGE_BATCH).map((p) => ({
        ...p,
        item_id: toItemId,
        cat_id: newIds.get(p.cat_id as number) ?? 0,
        author_uid: author.uid,
        author_username: author.username,
        addtime: now,
        page_addtime: now,
      })),
    );
  }
}
