import { pick } from '../../core/objects.ts';
import { formatDateTime } from '../../core/time.ts';
import type { LockInfo, PageHistory, PageInfo, PageRights, PageView, RecycleEntry, SharedPageInfo } from '../../core/wire.ts';
import type { HistoryRow } from '../models/PageHistory.ts';
import { contributorsOf } from '../models/contributors.ts';
import { PAGE_BODY_COLUMNS, type PageRow } from '../models/Page.ts';

/** page/info and page/save: the page row with times formatted for the wire. */
export function presentPage(page: PageRow, tz: string, extra: { attachment_count?: number; unique_key?: string } = {}): PageInfo {
  return {
    ...pick(page, PAGE_BODY_COLUMNS),
    // ShowDoc: addtime is the last modification; page_addtime the creation (falls back to addtime).
    addtime: formatDateTime(page.addtime, tz),
    page_addtime: formatDateTime(page.page_addtime || page.addtime, tz),
    page_comments: page.page_comments,
    ext_info: page.ext_info,
    revision: page.revision,
    content_hash: page.content_hash,
    is_del: page.is_del,
    is_draft: 0,
    attachment_count: extra.attachment_count ?? 0,
    unique_key: extra.unique_key ?? '',
    contributors: contributorsOf(page),
  };
}

/** page/info: the page and the caller's rights on it. */
export function presentPageView(
  page: PageRow,
  tz: string,
  extra: { attachment_count?: number; unique_key?: string; comment_count: number },
  rights: PageRights,
): PageView {
  return { ...presentPage(page, tz, extra), ...rights, comment_count: extra.comment_count };
}

/** page/infoByKey: a share shows the page alone (no item or catalog ids) and says its item's type. */
export function presentSharedPage(
  page: PageRow & { item_type: number; show_watermark: number },
  tz: string,
  extra: { attachment_count?: number; unique_key?: string },
): SharedPageInfo {
  const { item_id: _item, cat_id: _cat, ...shown } = presentPage(page, tz, extra);
  return { ...shown, item_type: page.item_type, show_watermark: page.show_watermark ? 1 : 0 };
}

export function presentHistory(row: HistoryRow, tz: string): PageHistory {
  return { ...row, addtime: formatDateTime(row.addtime, tz), contributors: contributorsOf(row) };
}

export function presentRecycleEntry(
  row: { page_id: number; item_id: number; page_title: string; cat_id: number; del_by_uid: number; del_by_username: string; del_time: number },
  tz: string,
): RecycleEntry {
  return { ...row, del_time: formatDateTime(row.del_time, tz) };
}

/** `page/isLock`: the live edit lock, if any, and whether the caller holds it. */
export function presentLock(
  lock: { lock_uid: number; lock_username: string; lock_name: string; lock_to: number } | null | undefined,
  callerUid: number,
): LockInfo {
  if (!lock) return { lock: 0, is_cur_user: 0, lock_uid: 0, lock_username: '', lock_name: '', lock_to: 0 };
  return {
    lock: 1,
    is_cur_user: lock.lock_uid === callerUid ? 1 : 0,
    lock_uid: lock.lock_uid,
    lock_username: lock.lock_username,
    lock_name: lock.lock_name,
    lock_to: lock.lock_to,
  };
}
