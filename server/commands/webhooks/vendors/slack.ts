import { chatText, hostIs } from './chat.ts';
import type { WebhookVendor } from './vendor.ts';

/**
 * Slack incoming webhooks (hooks.slack.com): `{"text": …}`. Slack refuses with a non-2xx status
 * and a plain-text reason (`invalid_payload`), never with a 200, so a 2xx is always taken.
 */
export const slackVendor: WebhookVendor = {
  format: 'slack',
  detect: (url) => hostIs(url, ['hooks.slack.com']),
  render(env, opts) {
    return JSON.stringify({ text: chatText(env, opts, slackVendor.maxBytes) });
  },
  sign: null,
  refusal: () => null,
  maxBytes: 8000,
};
