import { linkOf, withPageLinks } from '../formats.ts';
import type { WebhookVendor } from './vendor.ts';

/**
 * Folio's own format: the event envelope as it is (`delivery_id`, `event`, `occurred_at`, `item`,
 * `actor`, `data`, and `url` when the site's address is known), checked by the receiver with
 * `X-Folio-Signature`. Any URL that is no known chat bot gets it.
 */
export const jsonVendor: WebhookVendor = {
  format: 'json',
  detect: () => false,
  render(env, opts) {
    const link = linkOf(env, opts.siteBase);
    return JSON.stringify({ delivery_id: opts.deliveryId, ...withPageLinks(env, opts.siteBase), ...(link ? { url: link } : {}) });
  },
  sign: null,
  // Any 2xx is success: the receiver is ours to define.
  refusal: () => null,
  // The envelope is posted whole.
  maxBytes: Number.POSITIVE_INFINITY,
};
