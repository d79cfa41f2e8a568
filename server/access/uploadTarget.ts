import { loadItem, requireEdit } from './items.ts';
import type { Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { loadWritablePage } from './pages.ts';

/**
 * Where an upload goes and whether the caller may put it there: a page (write right on it, catalog
 * restrictions included), an item (edit right), or neither — the caller's own file library.
 */
export async function authorizeUploadTarget(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: Actor,
  ids: { item_id: number; page_id: number },
): Promise<{ itemId: number; pageId: number }> {
  if (ids.page_id > 0) {
    const { page } = await loadWritablePage(services, actor, ids.page_id);
    return { itemId: page.item_id, pageId: page.page_id };
  }
  if (ids.item_id > 0) {
    const loaded = await loadItem(services, actor, ids.item_id);
    requireEdit(loaded);
    return { itemId: loaded.item.item_id, pageId: 0 };
  }
  return { itemId: 0, pageId: 0 };
}
