import { botErrorRefusal, chatText, hostIs } from './chat.ts';
import type { WebhookVendor } from './vendor.ts';

/**
 * WeCom (企业微信) group bots (qyapi.weixin.qq.com): `{"msgtype": "text", "text": {"content": …}}`,
 * content at most 2048 bytes; a refusal is HTTP 200 with `{"errcode": n≠0, "errmsg"}`. WeCom bots
 * have no signing setting (the key in the URL is the secret).
 */
export const wecomVendor: WebhookVendor = {
  format: 'wecom',
  detect: (url) => hostIs(url, ['qyapi.weixin.qq.com']),
  render(env, opts) {
    return JSON.stringify({ msgtype: 'text', text: { content: chatText(env, opts, wecomVendor.maxBytes) } });
  },
  sign: null,
  refusal: botErrorRefusal,
  // 2048 is WeCom's limit; the margin leaves room for the cut's ellipsis.
  maxBytes: 2000,
};
