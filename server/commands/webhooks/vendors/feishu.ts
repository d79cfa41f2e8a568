import crypto from 'node:crypto';
import { botErrorRefusal, chatText, hostIs } from './chat.ts';
import type { WebhookVendor } from './vendor.ts';

/**
 * Feishu / Lark custom bots (open.feishu.cn, open.larksuite.com): `{"msg_type": "text", "content":
 * {"text": …}}`, with `timestamp` and `sign` in front when the bot signs; a refusal is HTTP 200
 * with `{"code": n≠0, "msg"}` (older bots: `StatusCode`).
 */
export const feishuVendor: WebhookVendor = {
  format: 'feishu',
  detect: (url) => hostIs(url, ['open.feishu.cn', 'open.larksuite.com']),
  render(env, opts) {
    return JSON.stringify({ ...opts.signedFields, msg_type: 'text', content: { text: chatText(env, opts, feishuVendor.maxBytes) } });
  },
  /**
   * 签名校验: `timestamp` (seconds, a string) and `sign` = Base64(HMAC-SHA256(key = timestamp +
   * "\n" + secret, message = empty)) as fields of the message body.
   */
  sign(url, secret, nowMs) {
    const timestamp = String(Math.floor(nowMs / 1000));
    return { url, bodyFields: { timestamp, sign: crypto.createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64') } };
  },
  refusal: botErrorRefusal,
  maxBytes: 8000,
};
