import { WEBHOOK_FORMATS, type WebhookEnvelope, type WebhookFormat } from '../formats.ts';
import { dingtalkVendor } from './dingtalk.ts';
import { feishuVendor } from './feishu.ts';
import { jsonVendor } from './json.ts';
import { slackVendor } from './slack.ts';
import type { RenderOptions, SignedPost, WebhookVendor } from './vendor.ts';
import { wecomVendor } from './wecom.ts';

export type { RenderOptions, SignedPost, WebhookVendor } from './vendor.ts';

/** Every format's module; the record type makes a format without one a compile error. */
const VENDORS: Record<WebhookFormat, WebhookVendor> = {
  json: jsonVendor,
  slack: slackVendor,
  feishu: feishuVendor,
  dingtalk: dingtalkVendor,
  wecom: wecomVendor,
};

export function vendorOf(format: WebhookFormat): WebhookVendor {
  return VENDORS[format];
}

/** The preset a bot URL calls for, by its host; anything else gets the signed JSON envelope. */
export function detectFormat(url: URL): WebhookFormat {
  return WEBHOOK_FORMATS.find((f) => VENDORS[f].detect(url)) ?? 'json';
}

/** Formats whose bots can check a signature made with a secret of theirs (`bot_secret`). */
export const SIGNING_BOTS: readonly WebhookFormat[] = WEBHOOK_FORMATS.filter((f) => VENDORS[f].sign !== null);

/** Where one post goes and what its body adds, signed at `nowMs` when the hook has a bot secret. */
export function signedPost(hook: { format: WebhookFormat; url: string; bot_secret: string }, nowMs: number): SignedPost {
  const sign = VENDORS[hook.format].sign;
  return hook.bot_secret && sign ? sign(hook.url, hook.bot_secret, nowMs) : { url: hook.url };
}

/** The exact bytes posted for one delivery in a format. */
export function renderBody(format: WebhookFormat, env: WebhookEnvelope, opts: RenderOptions): string {
  return VENDORS[format].render(env, opts);
}
