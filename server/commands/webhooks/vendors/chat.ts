import { summarize, type WebhookEnvelope } from '../formats.ts';
import type { RenderOptions } from './vendor.ts';

/** A URL's host is one of the vendor's (or a subdomain of one). */
export function hostIs(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The chat line of an event, cut on a character boundary to the bot's limit. */
export function chatText(env: WebhookEnvelope, opts: RenderOptions, maxBytes: number): string {
  return cutBytes(summarize(env, opts.lang, opts.siteBase), maxBytes);
}

function cutBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  return `${new TextDecoder().decode(bytes.subarray(0, max - 4)).replace(/\uFFFD$/, '')}…`;
}

/**
 * The bots that answer HTTP 200 with an error code in the body when they refuse a message:
 * DingTalk and WeCom `{"errcode": n≠0, "errmsg"}`, Feishu/Lark `{"code": n≠0, "msg"}` (older
 * `StatusCode`/`StatusMessage`). Null when accepted or when the answer is not such JSON.
 */
export function botErrorRefusal(answer: string): string | null {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const code = parsed.errcode ?? parsed.code ?? parsed.StatusCode;
  if (code === undefined || code === 0 || code === '0') return null;
  return `the bot refused the message: ${String(code)} ${String(parsed.errmsg ?? parsed.msg ?? parsed.StatusMessage ?? '')}`.trim();
}
