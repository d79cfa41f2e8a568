import { describe, expect, it } from 'vitest';
import { slackVendor } from '../../../../server/commands/webhooks/vendors/slack.ts';
import { opts, pageUpdated, syncImported } from './envelopes.ts';

describe('slack webhook vendor', () => {
  it('recognises incoming-webhook URLs by host, and no look-alike', () => {
    expect(slackVendor.detect(new URL('https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'))).toBe(true);
    expect(slackVendor.detect(new URL('https://HOOKS.SLACK.COM/services/T0/B0/x'))).toBe(true);
    expect(slackVendor.detect(new URL('https://hooks.slack.com.evil.example/services/x'))).toBe(false);
    expect(slackVendor.detect(new URL('https://myhooks.slack.com/services/x'))).toBe(false);
    expect(slackVendor.detect(new URL('https://slack.com/api/chat.postMessage'))).toBe(false);
  });

  it('posts {"text"} with the summary and the page address', () => {
    const body = JSON.parse(slackVendor.render(pageUpdated(), opts()));
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toBe('[Platform API] alice updated page “Install guide”\nhttps://docs.example.com/page/42');
  });

  it('lists a sync’s pages, in Chinese too', () => {
    expect(JSON.parse(slackVendor.render(syncImported(), opts())).text).toBe(
      '[Platform API] someone synced 3 pages (docs push): 1 created, 1 updated, 1 deleted\n• Intro (created)\n• Auth (updated)\n• Old (deleted)\nhttps://docs.example.com/7',
    );
    expect(JSON.parse(slackVendor.render(syncImported(), opts({ lang: 'zh', siteBase: '' }))).text).toBe(
      '[Platform API] 有人 通过 docs push 同步了 3 个页面：新建 1，更新 1，删除 1\n• Intro（新建）\n• Auth（更新）\n• Old（删除）',
    );
  });

  it('cuts the text at its limit', () => {
    const text: string = JSON.parse(slackVendor.render(pageUpdated('页'.repeat(5000)), opts())).text;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(slackVendor.maxBytes);
    expect(text.endsWith('页…')).toBe(true);
  });

  it('has no signing setting and counts every 2xx answer ("ok") as taken', () => {
    expect(slackVendor.sign).toBeNull();
    expect(slackVendor.refusal('ok')).toBeNull();
    // Slack refuses with 400 invalid_payload and the like, which deliver.ts fails on by status.
    expect(slackVendor.refusal('{"errcode": 1}')).toBeNull();
  });
});
