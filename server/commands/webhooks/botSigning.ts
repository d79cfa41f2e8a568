import crypto from 'node:crypto';
import type { WebhookFormat } from './formats.ts';

/**
 * Chat bots whose security setting is "signature" check each message against the secret they
 * gave the team (DingTalk 加签, Feishu/Lark 签名校验): the post carries the current time and an
 * HMAC-SHA256 of it made with that secret, so it is computed for every attempt, never stored.
 * The other presets (Slack, WeCom) and JSON hooks have no such setting.
 */
export const SIGNING_BOTS: readonly WebhookFormat[] = ['dingtalk', 'feishu'];

/**
 * DingTalk: `timestamp` (milliseconds) and `sign` = Base64(HMAC-SHA256(key = secret,
 * message = timestamp + "\n" + secret)) as query parameters of the bot's URL.
 */
function dingTalkSignedUrl(url: string, secret: string, nowMs: number): string {
  const timestamp = String(nowMs);
  const sign = crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
  const signed = new URL(url);
  signed.searchParams.set('timestamp', timestamp);
  signed.searchParams.set('sign', sign);
  return signed.href;
}

/**
 * Feishu/Lark: `timestamp` (seconds, a string) and `sign` = Base64(HMAC-SHA256(key = timestamp +
 * "\n" + secret, message = empty)) as fields of the message body.
 */
function feishuSignature(secret: string, nowMs: number): { timestamp: string; sign: string } {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { timestamp, sign: crypto.createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64') };
}

/**
 * Where one post goes and what its body carries for a hook's bot secret, signed at `nowMs`: the
 * URL with DingTalk's parameters, or Feishu/Lark's body fields; unchanged without a secret.
 */
export function signedPost(hook: { format: WebhookFormat; url: string; bot_secret: string }, nowMs: number): { url: string; feishuSign?: { timestamp: string; sign: string } } {
  if (!hook.bot_secret) return { url: hook.url };
  if (hook.format === 'dingtalk') return { url: dingTalkSignedUrl(hook.url, hook.bot_secret, nowMs) };
  if (hook.format === 'feishu') return { url: hook.url, feishuSign: feishuSignature(hook.bot_secret, nowMs) };
  return { url: hook.url };
}
