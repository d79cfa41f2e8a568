import crypto from 'node:crypto';
import { botErrorRefusal, chatText, hostIs } from './chat.ts';
import type { WebhookVendor } from './vendor.ts';

/**
 * DingTalk (钉钉) custom robots (oapi.dingtalk.com): `{"msgtype": "text", "text": {"content": …}}`;
 * a refusal is HTTP 200 with `{"errcode": n≠0, "errmsg"}`.
 */
export const dingtalkVendor: WebhookVendor = {
  format: 'dingtalk',
  detect: (url) => hostIs(url, ['oapi.dingtalk.com']),
  render(env, opts) {
    return JSON.stringify({ msgtype: 'text', text: { content: chatText(env, opts, dingtalkVendor.maxBytes) } });
  },
  /**
   * 加签: `timestamp` (milliseconds) and `sign` = Base64(HMAC-SHA256(key = secret, message =
   * timestamp + "\n" + secret)) as query parameters of the robot's URL.
   */
  sign(url, secret, nowMs) {
    const timestamp = String(nowMs);
    const sign = crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
    const signed = new URL(url);
    signed.searchParams.set('timestamp', timestamp);
    signed.searchParams.set('sign', sign);
    return { url: signed.href };
  },
  refusal: botErrorRefusal,
  maxBytes: 8000,
};
