import { formatDateTime } from '../../core/time.ts';
import type { Notice } from '../../core/wire.ts';
import type { NoticeRow } from '../models/Notice.ts';

export function presentNotice(row: NoticeRow, timeZone: string): Notice {
  return {
    notice_id: row.notice_id,
    notice_type: row.notice_type,
    notice_title: row.notice_title,
    notice_content: row.notice_content,
    from_uid: row.from_uid,
    from_name: row.from_name,
    object_type: row.object_type,
    object_id: row.object_id,
    notice_time: formatDateTime(row.notice_time, timeZone),
    is_read: row.is_read ? 1 : 0,
  };
}
