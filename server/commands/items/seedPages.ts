import { DEFAULT_PAGE_ORDER, ItemType } from '../../../core/limits.ts';
import { Page } from '../../models/Page.ts';
import type { Deps } from '../../services.ts';
import { contentHash } from '../../../importers/contentHash.ts';

/** The sheet a new spreadsheet item starts with: one empty FortuneSheet sheet. */
export const EMPTY_SHEET_CONTENT = JSON.stringify([{ name: 'Sheet1', index: '0', order: 0, status: 1, celldata: [], config: {} }]);

/**
 * Single-page (2) and spreadsheet (4) items hold exactly one page, created with the item and
 * titled like it; regular and read-only items start empty.
 */
export async function seedPagesFor(
  tx: Deps,
  item: { item_id: number; item_name: string; item_type: number },
  author: { uid: number; username: string },
): Promise<void> {
  const content = item.item_type === ItemType.SPREADSHEET ? EMPTY_SHEET_CONTENT : item.item_type === ItemType.SINGLE_PAGE ? '' : null;
  if (content === null) return;
  const now = tx.now();
  await Page.query(tx.db).insert({
    item_id: item.item_id,
    cat_id: 0,
    page_title: item.item_name,
    page_content: content,
    s_number: DEFAULT_PAGE_ORDER,
    author_uid: author.uid,
    author_username: author.username,
    addtime: now,
    page_addtime: now,
    content_hash: contentHash(content),
  });
}
