import { describe, expect, it } from 'vitest';
import { feishuVendor } from '../../../../server/commands/webhooks/vendors/feishu.ts';
import { opts, pageUpdated } from './envelopes.ts';

const BOT = 'https://open.feishu.cn/open-apis/bot/v2/hook/8f1c3a52-2d55-4b6e-9b43-5d3f0c6a1e77';

describe('feishu webhook vendor', () => {
  it('recognises Feishu and Lark bot URLs by host', () => {
    expect(feishuVendor.detect(new URL(BOT))).toBe(true);
    expect(feishuVendor.detect(new URL('https://open.larksuite.com/open-apis/bot/v2/hook/x'))).toBe(true);
    expect(feishuVendor.detect(new URL('https://feishu.cn/open-apis/bot/v2/hook/x'))).toBe(false);
  });

  it('posts {"msg_type": "text", "content": {"text"}}', () => {
    expect(JSON.parse(feishuVendor.render(pageUpdated(), opts({ lang: 'zh', siteBase: '' })))).toEqual({
      msg_type: 'text',
      content: { text: '[Platform API] alice 更新了页面「Install guide」' },
    });
  });

  it('signs in the body: timestamp in s and Base64(HMAC-SHA256(key timestamp\\nsecret, empty)), in front of the message', () => {
    const signed = feishuVendor.sign!(BOT, 'SEC0123456789abcdef', 1_700_000_000_999);
    expect(signed.url).toBe(BOT);
    // Vector computed apart from this code (Python's hmac) for secret SEC0123456789abcdef at 1700000000 s.
    expect(signed.bodyFields).toEqual({ timestamp: '1700000000', sign: 'PiO7POLlSx/DM2qf8Dy/XCWeJK3exVnevp5G99LEN2M=' });
    const body = feishuVendor.render(pageUpdated(), opts({ signedFields: signed.bodyFields }));
    expect(Object.keys(JSON.parse(body))).toEqual(['timestamp', 'sign', 'msg_type', 'content']);
  });

  it('reads code (and the older StatusCode) of a 200 answer', () => {
    expect(feishuVendor.refusal('{"StatusCode":0,"StatusMessage":"success","code":0,"data":{},"msg":"success"}')).toBeNull();
    expect(feishuVendor.refusal('{"code":19021,"data":{},"msg":"sign match fail or timestamp is not within one hour from current time"}')).toBe(
      'the bot refused the message: 19021 sign match fail or timestamp is not within one hour from current time',
    );
    expect(feishuVendor.refusal('{"StatusCode":9499,"StatusMessage":"Bad Request"}')).toBe('the bot refused the message: 9499 Bad Request');
  });
});
