import { DEFAULT_PAGE_ORDER } from '../../../core/limits.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { ensureCatalogPath } from '../catalogs/ensureCatalogPath.ts';
import { type Author, API_AUTHOR } from '../../policies/author.ts';
import { Page, type PageRow } from '../../models/Page.ts';
import { savePage } from '../pages/savePage.ts';
import { lockItemForWrites } from '../../db/locks.ts';
import { assertRoomForPages } from './limits.ts';

export interface UpsertByTitleInput {
  itemId: number;
  /** Catalog names from the top; missing ones are created. */
  catPath: string[];
  title: string;
  content: string;
  /** Absent: 99, also on update (ShowDoc resets the order of an updated page). */
  sNumber?: number;
  historyLimit: number;
  /** Who writes; default the generic `API` author (an item key). */
  author?: Author;
}

/**
 * ShowDoc's open-API page write (`open/updatePage`, `item/updateByApi`, `fromComments`,
 * `updateDbItem`): the live page with this title in this catalog is updated, else one is created.
 * Unlike ShowDoc the previous version goes to the page history (savePage records it).
 */
export async function upsertPageByTitle(deps: Deps, input: UpsertByTitleInput): Promise<{ page: PageRow; created: boolean }> {
  return inTransaction(deps, async (tx) => {
    await lockItemForWrites(tx.db, input.itemId);
    const catId = await ensureCatalogPath(tx, input.itemId, input.catPath, { author: input.author ?? API_AUTHOR });
    const existing = await Page.query(tx.db)
      .modify('inItem', input.itemId)
      .modify('notDeleted')
      .where({ cat_id: catId, page_title: input.title })
      .orderBy('page_id')
      .select('page_id', 'page_comments', 'ext_info')
      .first();
    if (!existing) await assertRoomForPages(tx, input.itemId, 1);
    return savePage(tx, {
      itemId: input.itemId,
      pageId: existing?.page_id,
      title: input.title,
      content: input.content,
      catId,
      sNumber: input.sNumber ?? DEFAULT_PAGE_ORDER,
      // What the API does not send stays as it was (the web editor's save comment, extra info).
      comments: existing?.page_comments,
      extInfo: existing?.ext_info,
      author: input.author ?? API_AUTHOR,
      historyLimit: input.historyLimit,
    });
  });
}

/** Several pages in one transaction (a fromComments file or a data dictionary): all or nothing. */
export async function upsertPagesByTitle(deps: Deps, inputs: UpsertByTitleInput[]): Promise<PageRow[]> {
  return inTransaction(deps, async (tx) => {
    const out: PageRow[] = [];
    for (const input of inputs) out.push((await upsertPageByTitle(tx, input)).page);
    return out;
  });
}
