import { describe, expect, it } from 'vitest';
import { dingtalkVendor } from '../../../../server/commands/webhooks/vendors/dingtalk.ts';
import { opts, pageUpdated } from './envelopes.ts';

const ROBOT = 'https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdef';

describe('dingtalk webhook vendor', () => {
  it('recognises custom-robot URLs by host', () => {
    expect(dingtalkVendor.detect(new URL(ROBOT))).toBe(true);
    expect(dingtalkVendor.detect(new URL('https://oapi.dingtalk.com.example.net/robot/send'))).toBe(false);
  });

  it('posts {"msgtype": "text", "text": {"content"}}', () => {
    const body = JSON.parse(dingtalkVendor.render(pageUpdated(), opts()));
    expect(body).toEqual({ msgtype: 'text', text: { content: '[Platform API] alice updated page “Install guide”\nhttps://docs.example.com/page/42' } });
  });

  it('signs in the URL: timestamp in ms and Base64(HMAC-SHA256(secret, timestamp\\nsecret)), keeping the access token', () => {
    // Vector computed apart from this code (Python's hmac) for secret SEC0123456789abcdef at 1700000000000 ms.
    const signed = new URL(dingtalkVendor.sign!(ROBOT, 'SEC0123456789abcdef', 1_700_000_000_000).url);
    expect(signed.searchParams.get('access_token')).toBe('0123456789abcdef');
    expect(signed.searchParams.get('timestamp')).toBe('1700000000000');
    expect(signed.searchParams.get('sign')).toBe('TSZbRFUuvaSQaRKUpF970OPCb2/LcQAP3wOvwZIzBZk=');
  });

  it('reads the errcode of a 200 answer', () => {
    expect(dingtalkVendor.refusal('{"errcode":0,"errmsg":"ok"}')).toBeNull();
    expect(dingtalkVendor.refusal('{"errcode":310000,"errmsg":"sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]"}')).toBe(
      'the bot refused the message: 310000 sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]',
    );
    expect(dingtalkVendor.refusal('{"errcode":300001,"errmsg":"token is not exist"}')).toBe('the bot refused the message: 300001 token is not exist');
  });
});
