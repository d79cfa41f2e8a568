import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_CHARSET } from '../../server/captcha/captchas.ts';
import { verifyCaptcha } from '../../server/captcha/verifyCaptcha.ts';
import { saveSiteSettings } from '../../server/settings.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('common/verify', () => {
  it('answers an SVG image, uncacheable, with the id in a header and an httpOnly cookie', async () => {
    const res = await t.fetch('/api/common/verify?rand=0.123');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const id = res.headers.get('x-captcha-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`folio_captcha=${id}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('stores 4 characters from the look-alike-free alphabet, valid for 10 minutes', async () => {
    const res = await t.fetch('/api/common/verify');
    const row = await t.services
      .db('captchas')
      .where({ captcha_id: res.headers.get('x-captcha-id') })
      .first();
    expect(row.code).toHaveLength(4);
    for (const ch of row.code) expect(CAPTCHA_CHARSET).toContain(ch);
    expect(row.expires_at - row.created_at).toBe(600);
  });

  it('is checked case-insensitively, once, and not after expiry', async () => {
    const first = await t.fetch('/api/common/verify');
    const id = first.headers.get('x-captcha-id')!;
    const { code } = await t.services.db('captchas').where({ captcha_id: id }).first();
    expect(await verifyCaptcha(t.services, id, code.toLowerCase())).toBe(true);
    expect(await verifyCaptcha(t.services, id, code)).toBe(false);

    const second = await t.fetch('/api/common/verify');
    const id2 = second.headers.get('x-captcha-id')!;
    const row2 = await t.services.db('captchas').where({ captcha_id: id2 }).first();
    await t.services
      .db('captchas')
      .where({ captcha_id: id2 })
      .update({ expires_at: t.services.now() - 1 });
    expect(await verifyCaptcha(t.services, id2, row2.code)).toBe(false);
  });

  it('is consumed by a wrong guess too', async () => {
    const res = await t.fetch('/api/common/verify');
    const id = res.headers.get('x-captcha-id')!;
    const { code } = await t.services.db('captchas').where({ captcha_id: id }).first();
    expect(await verifyCaptcha(t.services, id, 'ZZZZZ')).toBe(false);
    expect(await verifyCaptcha(t.services, id, code)).toBe(false);
  });
});

describe('captcha creation budget', () => {
  it('answers 10429 with Retry-After once an address has made 60 captchas in a minute', async () => {
    const local = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      const from = { 'X-Forwarded-For': '10.9.9.9' };
      await local.services.db('auth_failures').insert({ key: 'captcha:ip:10.9.9.9', count: 60, first_at: local.services.now(), locked_until: 0 });
      const res = await local.fetch('/api/common/verify', { headers: from });
      expect(res.status).toBe(429);
      expect((await res.json()).error_code).toBe(10429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await local.call('common/createCaptcha', {}, { headers: from })).error_code).toBe(10429);
      const other = await local.fetch('/api/common/verify', { headers: { 'X-Forwarded-For': '10.9.9.10' } });
      expect(other.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('common/createCaptcha and common/showCaptcha (ShowDoc clients)', () => {
  it('gives an id whose image can be fetched, and whose code logs in as `captcha`', async () => {
    const created = await t.call('common/createCaptcha');
    expect(created.error_code).toBe(0);
    const id = created.data.captcha_id;
    const image = await t.fetch(`/api/common/showCaptcha?captcha_id=${id}`);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // Showing the image does not use the code up.
    const { code } = await t.services.db('captchas').where({ captcha_id: id }).first();
    expect(await verifyCaptcha(t.services, id, code)).toBe(true);
  });

  it('returns 10206 for an unknown or used id', async () => {
    expect((await t.call('common/showCaptcha', { captcha_id: 'nope' }, { method: 'GET' })).error_code).toBe(10206);
  });
});

describe('common/homePageSetting', () => {
  it('answers the defaults on a fresh site (register_open 1 when never set)', async () => {
    const r = await t.call('common/homePageSetting');
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ home_page: 1, home_item: '', register_open: 1, force_login: 0, feedback_url: '' });
  });

  it('answers the saved settings', async () => {
    await saveSiteSettings(t.services.db, { home_page: 3, home_item: 'apidocs', register_open: 0 });
    const r = await t.call('common/homePageSetting', {}, { method: 'GET' });
    expect(r.data).toMatchObject({ home_page: 3, home_item: 'apidocs', register_open: 0 });
    await saveSiteSettings(t.services.db, { home_page: 1, home_item: '', register_open: 1 });
  });
});

describe('common/qrcode', () => {
  it('answers a PNG of the requested size', async () => {
    const res = await t.fetch(`/api/common/qrcode?size=120&url=${encodeURIComponent('https://docs.example.com/12?page_id=3')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(120); // IHDR width
  });

  it('returns 10100 naming size when it is outside 50–1000 or not a number', async () => {
    for (const size of ['10', '5000', 'big']) {
      const r = await t.call('common/qrcode', { url: 'https://x.example', size }, { method: 'GET' });
      expect(r.error_code, size).toBe(10100);
      expect(r.error_message, size).toMatch(/^size: /);
    }
  });

  it('returns 10100 naming url when it is missing or longer than 2000 characters', async () => {
    const missing = await t.call('common/qrcode', {}, { method: 'GET' });
    expect(missing.error_message).toMatch(/^url: is required/);
    const long = await t.call('common/qrcode', { url: `https://x.example/${'a'.repeat(2000)}` });
    expect(long.error_code).toBe(10100);
    expect(long.error_message).toMatch(/^url: must be at most 2000/);
  });
});

describe('update/checkDb', () => {
  it('answers the number of pending migrations (none after start-up)', async () => {
    const r = await t.call('update/checkDb', {}, { method: 'GET' });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ pending_migrations: 0 });
  });
});
