import { describe, expect, it } from 'vitest';
import { wecomVendor } from '../../../../server/commands/webhooks/vendors/wecom.ts';
import { opts, pageUpdated } from './envelopes.ts';

describe('wecom webhook vendor', () => {
  it('recognises group-bot URLs by host', () => {
    expect(wecomVendor.detect(new URL('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa'))).toBe(true);
    expect(wecomVendor.detect(new URL('https://weixin.qq.com/cgi-bin/webhook/send'))).toBe(false);
  });

  it('posts {"msgtype": "text", "text": {"content"}} in Chinese', () => {
    const body = JSON.parse(wecomVendor.render(pageUpdated(), opts({ lang: 'zh' })));
    expect(body).toEqual({ msgtype: 'text', text: { content: '[Platform API] alice 更新了页面「Install guide」\nhttps://docs.example.com/page/42' } });
  });

  it('keeps the content under the 2048-byte limit, cut on a character boundary', () => {
    const content: string = JSON.parse(wecomVendor.render(pageUpdated('文档'.repeat(2000)), opts())).text.content;
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(2000);
    expect(content).not.toContain('\uFFFD');
    expect(content.endsWith('…')).toBe(true);
  });

  it('reads the errcode of a 200 answer', () => {
    expect(wecomVendor.refusal('{"errcode":0,"errmsg":"ok"}')).toBeNull();
    expect(wecomVendor.refusal('{"errcode":93000,"errmsg":"invalid webhook url, hint: [1700000000_1_abc], from ip: 203.0.113.9"}')).toBe(
      'the bot refused the message: 93000 invalid webhook url, hint: [1700000000_1_abc], from ip: 203.0.113.9',
    );
    expect(wecomVendor.refusal('{"errcode":45009,"errmsg":"api freq out of limit"}')).toBe('the bot refused the message: 45009 api freq out of limit');
    expect(wecomVendor.refusal('<html>gateway</html>')).toBeNull();
  });

  it('has no signing setting', () => {
    expect(wecomVendor.sign).toBeNull();
  });
});
