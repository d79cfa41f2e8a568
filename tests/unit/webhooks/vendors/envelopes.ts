import type { WebhookEnvelope } from '../../../../server/commands/webhooks/formats.ts';
import type { RenderOptions } from '../../../../server/commands/webhooks/vendors/index.ts';

/** Envelopes as events.ts stores them (the shapes the API tests deliver end to end). */
export const pageUpdated = (title = 'Install guide'): WebhookEnvelope => ({
  event: 'page.updated',
  occurred_at: 1_700_000_000,
  item: { item_id: 7, item_name: 'Platform API' },
  actor: { uid: 3, username: 'alice' },
  data: { page_id: 42, page_title: title, cat_id: 0 },
});

export const syncImported = (): WebhookEnvelope => ({
  event: 'item.imported',
  occurred_at: 1_700_000_000,
  item: { item_id: 7, item_name: 'Platform API' },
  actor: null,
  data: {
    source: 'docs push',
    created: 1,
    updated: 1,
    moved: 0,
    deleted: 1,
    unchanged: 0,
    catalogs: 0,
    pages_total: 3,
    pages: [
      { page_id: 1, page_title: 'Intro', change: 'created' },
      { page_id: 2, page_title: 'Auth', change: 'updated' },
      { page_id: 3, page_title: 'Old', change: 'deleted' },
    ],
  },
});

export const opts = (over: Partial<RenderOptions> = {}): RenderOptions => ({ deliveryId: 11, lang: 'en', siteBase: 'https://docs.example.com', ...over });
