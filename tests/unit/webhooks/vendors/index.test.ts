import { describe, expect, it } from 'vitest';
import { WEBHOOK_FORMATS } from '../../../../core/webhooks.ts';
import { detectFormat, signedPost, SIGNING_BOTS, vendorOf } from '../../../../server/commands/webhooks/vendors/index.ts';

describe('webhook vendors', () => {
  it('has one module per format', () => {
    expect(WEBHOOK_FORMATS.map((f) => vendorOf(f).format)).toEqual([...WEBHOOK_FORMATS]);
  });

  it('detects the preset by host, else json', () => {
    expect(detectFormat(new URL('https://hooks.slack.com/services/T0/B0/x'))).toBe('slack');
    expect(detectFormat(new URL('https://open.larksuite.com/open-apis/bot/v2/hook/x'))).toBe('feishu');
    expect(detectFormat(new URL('https://oapi.dingtalk.com/robot/send?access_token=x'))).toBe('dingtalk');
    expect(detectFormat(new URL('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=x'))).toBe('wecom');
    expect(detectFormat(new URL('https://ci.example.com/folio'))).toBe('json');
  });

  it('signs only for bots that can check a signature, and only with a secret', () => {
    expect([...SIGNING_BOTS].sort()).toEqual(['dingtalk', 'feishu']);
    expect(signedPost({ format: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=x', bot_secret: '' }, 1)).toEqual({
      url: 'https://oapi.dingtalk.com/robot/send?access_token=x',
    });
    expect(signedPost({ format: 'slack', url: 'https://hooks.slack.com/services/x', bot_secret: 'ignored' }, 1)).toEqual({
      url: 'https://hooks.slack.com/services/x',
    });
    expect(
      new URL(signedPost({ format: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=x', bot_secret: 's' }, 1).url).searchParams.has('sign'),
    ).toBe(true);
  });
});
