import { DEFAULT_HISTORY_VERSIONS } from '../../../core/limits.ts';
import { pick } from '../../../core/objects.ts';
import type { Db } from '../../db/knex.ts';
import type { Services } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { PAGE_VERSION_COLUMNS, type PageRow } from '../../models/Page.ts';
import { PageHistory, type HistoryRow } from '../../models/PageHistory.ts';

/** How many versions of a page to keep: the site setting, else HISTORY_VERSIONS from the config. */
export async function historyLimitFor(services: Pick<Services, 'db' | 'config'>): Promise<number> {
  const settings = await loadSiteSettings(services.db);
  return settings.history_version_count ?? services.config.HISTORY_VERSIONS ?? DEFAULT_HISTORY_VERSIONS;
}

/** Copies the page's current state into page_history (called before every overwrite; knex on the save path, see savePage). */
export async function recordHistory(db: Db, page: PageRow, at: number): Promise<void> {
  // The version's own time: when it was written, not when it was superseded.
  await PageHistory.knexTable(db).insert({ ...pick(page, PAGE_VERSION_COLUMNS), addtime: page.addtime || at });
}

/** The newest `limit` versions of a page, newest first. */
export async function listHistory(db: Db, pageId: number, limit: number): Promise<HistoryRow[]> {
  return PageHistory.query(db).where({ page_id: pageId }).orderBy('page_history_id', 'desc').limit(limit);
}

/** One version of the page; undefined when it is not (or no longer) one of its versions. */
export async function findHistoryVersion(db: Db, pageId: number, pageHistoryId: number): Promise<HistoryRow | undefined> {
  return PageHistory.query(db).where({ page_id: pageId, page_history_id: pageHistoryId }).first();
}

/** Keeps the newest `keep` versions of a page and deletes the rest (every save: knex, see savePage). */
export async function trimHistory(db: Db, pageId: number, keep: number): Promise<void> {
  const cutoff = (await PageHistory.knexTable(db).where({ page_id: pageId }).orderBy('page_history_id', 'desc').offset(keep).first('page_history_id')) as
    | { page_history_id: number }
    | undefined;
  if (cutoff) await PageHistory.knexTable(db).where({ page_id: pageId }).andWhere('page_history_id', '<=', cutoff.page_history_id).delete();
}
