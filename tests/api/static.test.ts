import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** The web app's files as served by server/http/static.ts (@koa/send), on a built-looking dist folder. */
let t: TestServer;
let webDir: string;
const APP_JS = 'console.log("folio");\n'.repeat(200);

/** A raw GET: fetch() would normalise `..` out of the path before sending it. */
function rawGet(p: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${t.url}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-static-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio SPA</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), APP_JS);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js.gz'), zlib.gzipSync(APP_JS));
  fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(webDir, '.secret'), 'not for the web');
  fs.writeFileSync(path.join(os.tmpdir(), 'folio-static-outside.txt'), 'outside the root');
  t = await startTestServer({ webDistDir: webDir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('web app files', () => {
  it('serves hashed assets for a year, gzip-encoded from the build’s .gz sibling when accepted', async () => {
    const gz = await rawGet('/assets/app-1234.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['x-content-type-options']).toBe('nosniff');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await rawGet('/assets/app-1234.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('revalidates other files, and answers a missing asset 404 instead of the app', async () => {
    const robots = await rawGet('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await rawGet('/assets/gone-0000.js')).status).toBe(404);
  });

  it('answers app routes, dotfiles and paths escaping the root with index.html', async () => {
    for (const p of ['/item/12/34', '/.secret', '/..%2ffolio-static-outside.txt', '/../folio-static-outside.txt', '/%E0%A4%A']) {
      const res = await rawGet(p);
      expect(res.status, p).toBe(200);
      expect(res.body.toString(), p).toContain('Folio SPA');
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
  });
});
