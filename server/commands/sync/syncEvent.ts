import type { Deps } from '../../services.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import { type Author, API_AUTHOR } from '../../policies/author.ts';

/** What a `sync/apply` did to one page, as its `item.imported` event lists it. */
export type SyncPageChange = 'created' | 'updated' | 'moved' | 'deleted';

/** Pages listed by name in one event; the rest are counted (`pages_total`). */
const SYNC_EVENT_LISTED_PAGES = 50;

/** Who a sync is announced as when the client does not say (CLIs before the `source` field). */
export const DEFAULT_SYNC_SOURCE = 'docs push';

/**
 * The `item.imported` event of one `sync/apply` call: the change set is announced once, like the
 * web import, instead of one `page.*` event per page (a 90-page push flooded team chats). The data
 * keeps the web import's fields (`source`, `created`, `updated`, `unchanged`, `catalogs`) and adds
 * `moved`, `deleted`, `pages` (the first SYNC_EVENT_LISTED_PAGES changed pages, in the order of
 * the set) and `pages_total`. `unchanged` counts the pages the set confirmed as already equal.
 */
export class SyncAnnouncement {
  readonly counts = { created: 0, updated: 0, moved: 0, deleted: 0, unchanged: 0, catalogs: 0 };
  private readonly pages: { page_id: number; page_title: string; change: SyncPageChange }[] = [];

  page(page: { page_id: number; page_title: string }, change: SyncPageChange): void {
    this.counts[change]++;
    if (this.pages.length < SYNC_EVENT_LISTED_PAGES) this.pages.push({ page_id: page.page_id, page_title: page.page_title, change });
  }

  get total(): number {
    return this.counts.created + this.counts.updated + this.counts.moved + this.counts.deleted;
  }

  /** Queues the event in the caller's transaction; a set that changed no page announces nothing. */
  async enqueue(tx: Deps, itemId: number, source: string, author: Author = API_AUTHOR): Promise<void> {
    if (!this.total) return;
    await enqueueWebhookEvent(tx, itemId, 'item.imported', { source, ...this.counts, pages: this.pages, pages_total: this.total }, author);
  }
}
