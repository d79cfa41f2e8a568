import { formatDateTime } from '../../core/time.ts';
import type { Mock } from '../../core/wire.ts';
import type { MockRow } from '../models/Mock.ts';

export function presentMock(row: MockRow, timeZone: string): Mock {
  return {
    id: row.id,
    unique_key: row.unique_key,
    page_id: row.page_id,
    item_id: row.item_id,
    template: row.template,
    path: row.path,
    view_times: row.view_times,
    addtime: formatDateTime(row.addtime, timeZone),
    last_update_time: formatDateTime(row.last_update_time, timeZone),
  };
}
