import { pick } from '../../core/objects.ts';
import { formatDateTime } from '../../core/time.ts';
import type { HistoryRow } from '../models/PageHistory.ts';
import { PAGE_BODY_COLUMNS } from '../commands/pages/pageRow.ts';
import type { PageRow } from '../models/Page.ts';

/** page/info, page/save and page/infoByKey: the page row with times formatted for the wire. */
export function presentPage(page: PageRow, tz: string, extra: { attachment_count?: number; unique_key?: string } = {}) {
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
  };
}

export function presentHistory(row: HistoryRow, tz: string) {
  return { ...row, addtime: formatDateTime(row.addtime, tz) };
}

export function presentRecycleEntry(row: { page_id: number; item_id: number; page_title: string; cat_id: number; del_by_uid: number; del_by_username: string; del_time: number }, tz: string) {
  return { ...row, del_time: formatDateTime(row.del_time, tz) };
}
