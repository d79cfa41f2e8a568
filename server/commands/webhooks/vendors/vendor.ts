import type { WebhookEnvelope, WebhookFormat, WebhookLang } from '../formats.ts';

/**
 * One webhook vendor (a `format`): the JSON envelope or a team chat's incoming-webhook bot. Each
 * lives in its own module behind this interface, as storage drivers do (server/storage/driver.ts),
 * so adding a chat is one file and one line in vendors/index.ts.
 */
export interface WebhookVendor {
  readonly format: WebhookFormat;
  /** Whether a webhook URL is this vendor's bot, by its host (`json` claims none: it is the fallback). */
  detect(url: URL): boolean;
  /** The exact bytes posted for one delivery (`X-Folio-Signature` covers them). */
  render(env: WebhookEnvelope, opts: RenderOptions): string;
  /**
   * For bots whose security setting is "signature": the post signed with the bot's secret at
   * `nowMs` (computed for every attempt, never stored). Null for vendors that have no such setting.
   */
  readonly sign: ((url: string, secret: string, nowMs: number) => SignedPost) | null;
  /** A 2xx answer that still refuses the message, in words; null when the message was taken. */
  refusal(answer: string): string | null;
  /** Longest message text the bot takes, in UTF-8 bytes: the summary is cut to it. */
  readonly maxBytes: number;
}

export interface RenderOptions {
  deliveryId: number;
  lang: WebhookLang;
  siteBase: string;
  /** Fields a signing bot checks in the body (Feishu/Lark's `timestamp` and `sign`), from `sign`. */
  signedFields?: Record<string, string>;
}

/** Where one post goes and what its body adds for a signing bot. */
export interface SignedPost {
  url: string;
  bodyFields?: Record<string, string>;
}
