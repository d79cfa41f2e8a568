import { errors } from '../../../core/errors.ts';
import { MAX_PAGES_PER_ITEM_OPEN_API } from '../../../core/limits.ts';
import { SYNC_LIMITS } from '../../../core/sync.ts';
import { Page } from '../../models/Page.ts';
import type { Deps } from '../../services.ts';

/** Refuses writes that would take the item past MAX_PAGES_PER_ITEM_OPEN_API live pages (10100). */
export async function assertRoomForPages(deps: Pick<Deps, 'db'>, itemId: number, adding: number): Promise<void> {
  if (adding <= 0) return;
  const live = await Page.query(deps.db).modify('inItem', itemId).modify('notDeleted').resultSize();
  if (live + adding > MAX_PAGES_PER_ITEM_OPEN_API) {
    throw errors.validation(
      `page_title: an item can hold at most ${MAX_PAGES_PER_ITEM_OPEN_API} pages written through the open API (it has ${live})`,
      `page_title：通过开放 API 写入的项目最多 ${MAX_PAGES_PER_ITEM_OPEN_API} 个页面（现有 ${live} 个）`,
    );
  }
}

/** Content size check, naming the field (10100). */
export function assertContentSize(field: string, content: string): void {
  if (Buffer.byteLength(content, 'utf8') > SYNC_LIMITS.maxContentBytes) {
    const mb = SYNC_LIMITS.maxContentBytes / 1024 / 1024;
    throw errors.validation(`${field}: must be at most ${mb} MB`, `${field}：不能超过 ${mb} MB`);
  }
}
