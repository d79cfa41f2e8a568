import { describe, expect, it } from 'vitest';
import { jsonVendor } from '../../../../server/commands/webhooks/vendors/json.ts';
import { opts, pageUpdated, syncImported } from './envelopes.ts';

describe('json webhook vendor', () => {
  it('claims no URL: it is what every other URL gets', () => {
    expect(jsonVendor.detect(new URL('https://ci.example.com/hooks/folio'))).toBe(false);
    expect(jsonVendor.detect(new URL('https://hooks.slack.com/services/T0/B0/x'))).toBe(false);
  });

  it('posts the envelope with the delivery id and the page address', () => {
    const body = JSON.parse(jsonVendor.render(pageUpdated(), opts()));
    expect(body).toEqual({ delivery_id: 11, ...pageUpdated(), url: 'https://docs.example.com/page/42' });
  });

  it('leaves out addresses when the site address is unknown', () => {
    const body = JSON.parse(jsonVendor.render(syncImported(), opts({ siteBase: '' })));
    expect(body.url).toBeUndefined();
    expect(body.data.pages.map((p: { url?: string }) => p.url)).toEqual([undefined, undefined, undefined]);
  });

  it("gives a sync's listed pages their addresses, except a deleted one", () => {
    const body = JSON.parse(jsonVendor.render(syncImported(), opts()));
    expect(body.url).toBe('https://docs.example.com/7');
    expect(body.data.pages.map((p: { url?: string }) => p.url)).toEqual(['https://docs.example.com/page/1', 'https://docs.example.com/page/2', undefined]);
  });

  it('never cuts the envelope and takes any 2xx answer, whatever its body', () => {
    const long = 'x'.repeat(20_000);
    expect(JSON.parse(jsonVendor.render(pageUpdated(long), opts())).data.page_title).toBe(long);
    expect(jsonVendor.refusal('{"errcode": 310000, "errmsg": "looks like a bot"}')).toBeNull();
    expect(jsonVendor.sign).toBeNull();
  });
});
