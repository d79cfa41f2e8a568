import { DEFAULT_HISTORY_VERSIONS } from '../../../core/limits.ts';
import type { Db } from '../../db/knex.ts';
import type { Services } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import type { PageRow } from './pageRow.ts';

/** How many versions of a page to keep: the site setting, else HISTORY_VERSIONS from the config. */
export async function historyLimitFor(services: Pick<Services, 'db' | 'config'>): Promise<number> {
  const settings = await loadSiteSettings(services.db);
  return settings.history_version_count ?? services.config.HISTORY_VERSIONS ?? DEFAULT_HISTORY_VERSIONS;
}

/** Copies the page's current state into page_history (called before every overwrite). */
export async function recordHistory(db: Db, page: PageRow, at: number): Promise<void> {
  await db('page_history').insert({
    page_id: page.page_id,
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: page.page_title,
    page_content: page.page_content,
    s_number: page.s_number,
    author_uid: page.author_uid,
    author_username: page.author_username,
    revision: page.revision,
    page_comments: page.page_comments,
    // The version's own time: when it was written, not when it was superseded.
    addtime: page.addtime || at,
  });
}

/** Keeps the newest `keep` versions of a page and deletes the rest. */
export async function trimHistory(db: Db, pageId: number, keep: number): Promise<void> {
  const cutoff = (await db('page_history')
    .where({ page_id: pageId })
    .orderBy('page_history_id', 'desc')
    .offset(keep)
    .first('page_history_id')) as { page_history_id: number } | undefined;
  if (cutoff) await db('page_history').where({ page_id: pageId }).andWhere('page_history_id', '<=', cutoff.page_history_id).del();
}
