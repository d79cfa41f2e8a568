import { formatDateTime } from '../../core/time.ts';
import type { PageRow } from '../commands/pages/pageRow.ts';

/** page/info, page/save and page/infoByKey: the page row with times formatted for the wire. */
export function presentPage(page: PageRow, tz: string, extra: { attachment_count?: number; unique_key?: string } = {}) {
  return {
    page_id: page.page_id,
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: page.page_title,
    page_content: page.page_content,
    s_number: page.s_number,
    author_uid: page.author_uid,
    author_username: page.author_username,
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

export interface HistoryRow {
  page_history_id: number;
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  revision: number;
  page_comments: string;
  addtime: number;
}

export function presentHistory(row: HistoryRow, tz: string) {
  return { ...row, addtime: formatDateTime(row.addtime, tz) };
}

export function presentRecycleEntry(row: { page_id: number; item_id: number; page_title: string; cat_id: number; del_by_uid: number; del_by_username: string; del_time: number }, tz: string) {
  return { ...row, del_time: formatDateTime(row.del_time, tz) };
}
