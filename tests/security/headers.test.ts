import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Security headers (issue #13 part 3): the XSS tests switch CSP off on purpose, so nothing else
 * would notice these going. Every HTML answer carries a CSP whose scripts exclude 'unsafe-inline',
 * frame-ancestors, nosniff and a Referrer-Policy; served files, API answers and errors too.
 */
let t: TestServer;
let webDir: string;

beforeAll(async () => {
  // A web build of our own, so the test does not depend on (or wait for) the real bundle.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.css'), 'body{}');
  fs.writeFileSync(path.join(webDir, 'favicon.ico'), PNG_BYTES);
  t = await startTestServer({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, `${res.url} has a Content-Security-Policy`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toMatch(/^(same-origin|strict-origin|strict-origin-when-cross-origin|no-referrer)$/);
  const policy = csp(res);
  expect(policy.get('frame-ancestors'), `${what} frame-ancestors`).toBeDefined();
  expect(policy.get('frame-ancestors')!.join(' '), what).not.toContain('*');
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${what} restricts scripts`).toBeDefined();
  expect(scripts!.join(' '), what).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  return policy;
}

describe('HTML answers', () => {
  it('carry CSP without inline scripts, frame-ancestors, nosniff and Referrer-Policy on every SPA route', async () => {
    for (const route of ['/', '/index.html', '/user/login', '/item/index', '/page/1', '/p/abc', '/12?page_id=3', '/no/such/route']) {
      const res = await t.fetch(route);
      expect(res.headers.get('content-type'), route).toMatch(/^text\/html/);
      const policy = expectCommonHeaders(res, route);
      expect(policy.get('object-src'), route).toEqual(["'none'"]);
      expect(policy.get('base-uri'), route).toBeDefined();
    }
  });

  it('keep them when the web app is not built (the placeholder page)', async () => {
    const bare = await startTestServer({ webDistDir: path.join(webDir, 'missing') });
    try {
      expectCommonHeaders(await bare.fetch('/'), 'placeholder');
    } finally {
      await bare.close();
    }
  });
});

describe('served files and API answers', () => {
  it('static assets', async () => {
    for (const file of ['/assets/app.js', '/assets/app.css', '/favicon.ico']) {
      const res = await t.fetch(file);
      expect(res.status, file).toBe(200);
      expectCommonHeaders(res, file);
    }
  });

  it('attachments: an inline image and a downloaded file are sandboxed documents', async () => {
    const owner = await buildUser(t);
    const itemId = (await buildItem(t, owner)).item_id;
    const pageId = await buildPage(t, itemId);
    for (const [filename, bytes, type] of [
      ['pixel.png', PNG_BYTES, 'image/png'],
      ['notes.txt', 'plain words', 'text/plain'],
      ['evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['page.html', '<script>alert(1)</script>', 'text/html'],
    ] as const) {
      const up = await uploadFile(t, 'page/upload', { token: owner.token, filename, bytes, type, params: { item_id: itemId, page_id: pageId } });
      // Scriptable types may be refused at upload; whatever is accepted must come back inert.
      if (filename.endsWith('.svg') || filename.endsWith('.html')) {
        if (up.body.error_code !== 0) continue;
      } else expect(up.body.error_code, filename).toBe(0);
      const res = await t.fetch(new URL(up.body.data.url, t.url).pathname + new URL(up.body.data.url, t.url).search);
      expect(res.status, filename).toBe(200);
      expect(res.headers.get('content-type'), filename).not.toMatch(/html|svg/);
      const policy = expectCommonHeaders(res, filename);
      expect(policy.has('sandbox'), filename).toBe(true);
      expect(policy.get('default-src'), filename).toEqual(["'none'"]);
    }
  });

  it('a synced SVG (docs push) keeps its type for <img> but is a sandboxed download that runs nothing', async () => {
    const owner = await buildUser(t);
    const itemId = (await buildItem(t, owner)).item_id;
    const key = await t.call('item/getKey', { item_id: itemId }, { token: owner.token });
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const form = new FormData();
    form.set('api_key', key.data.api_key);
    form.set('api_token', key.data.api_token);
    form.set('sha256', crypto.createHash('sha256').update(svg).digest('hex'));
    form.set('file', new Blob([svg]), 'evil.svg');
    const up = await (await t.fetch('/api/sync/upload', { method: 'POST', body: form })).json();
    expect(up.error_code, up.error_message).toBe(0);
    const res = await t.fetch(`/api/attachment/visitFile?sign=${up.data.sign}`);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const policy = expectCommonHeaders(res, 'synced svg');
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    // Only SVG documents: HTML named .svg is refused.
    const fake = '<html><script>alert(1)</script></html>';
    const form2 = new FormData();
    form2.set('api_key', key.data.api_key);
    form2.set('api_token', key.data.api_token);
    form2.set('sha256', crypto.createHash('sha256').update(fake).digest('hex'));
    form2.set('file', new Blob([fake]), 'fake.svg');
    const refused = await (await t.fetch('/api/sync/upload', { method: 'POST', body: form2 })).json();
    expect(refused.error_code).not.toBe(0);
    expect(refused.error_message).toMatch(/not an SVG image/);
  });

  it('API answers, errors, captcha images and the health check', async () => {
    for (const p of [
      '/api/common/homePageSetting',
      '/api/no/such',
      '/api/common/verify',
      '/api/common/qrcode?url=x',
      '/healthz',
      '/server/index.php?s=/api/item/info',
    ]) {
      const res = await t.fetch(p);
      expectCommonHeaders(res, p);
    }
    const broken = await t.fetch('/api/page/save', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expectCommonHeaders(broken, 'malformed body error');
  });
});
