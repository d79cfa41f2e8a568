import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACE_FROM_BYTES, ReadPace, needsPacing } from '../../../server/http/pacedBody.ts';
import { multipartBody, uploadFile } from '../../helpers/files.ts';
import { githubApiSpec } from '../../helpers/npmFixtures.ts';
import { buildUser } from '../../helpers/factories.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import http, { type IncomingMessage } from 'node:http';

const MB = 1024 * 1024;

/** A POST through `agent` (node:http, so that the connection it used can be told). */
const post = (t: TestServer, token: string, agent: http.Agent, name: string, body: { type: string; bytes: Buffer }) =>
  new Promise<{ body: { error_code: number; error_message?: string }; reused: boolean }>((resolve, reject) => {
    const req = http.request(
      `${t.url}/api/${name}`,
      { method: 'POST', agent, headers: { 'X-API-Token': token, 'Content-Type': body.type, 'Content-Length': body.bytes.byteLength } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), reused: req.reusedSocket }));
      },
    );
    req.on('error', reject);
    req.end(body.bytes);
  });

describe('ReadPace', () => {
  it('lets a burst through at once, then holds what follows to the rate, and gives the burst back after a quiet time', () => {
    // 1 MB/s, burst 256 KB: bytes per ms ~1,049.
    const pace = new ReadPace(MB, 256 * 1024);
    const chunk = 64 * 1024;
    // Four chunks (the burst) pass at t = 0.
    for (let i = 0; i < 4; i++) expect(pace.delayFor(chunk, 0)).toBe(0);
    // The fifth waits one chunk's time at the rate (62.5 ms), the sixth two.
    expect(pace.delayFor(chunk, 0)).toBeCloseTo(62.5, 5);
    expect(pace.delayFor(chunk, 0)).toBeCloseTo(125, 5);
    // Taken when due, the next waits one chunk's time again: the rate holds, however the chunks arrive.
    expect(pace.delayFor(chunk, 125)).toBeCloseTo(62.5, 5);
    // After a quiet second, a whole burst passes at once again, and no more.
    for (let i = 0; i < 4; i++) expect(pace.delayFor(chunk, 1500)).toBe(0);
    expect(pace.delayFor(chunk, 1500)).toBeGreaterThan(0);
  });

  it('shares one rate between requests: two bodies read at once each get half of it', () => {
    const pace = new ReadPace(MB, 0);
    const chunk = 64 * 1024;
    const a = pace.delayFor(chunk, 0);
    const b = pace.delayFor(chunk, 0);
    expect(b - a).toBeCloseTo(62.5, 5);
  });
});

describe('needsPacing', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  it('paces bodies from 1 MB on and bodies of unknown size, not small ones or none', () => {
    expect(needsPacing(req({ 'content-length': String(PACE_FROM_BYTES) }))).toBe(true);
    expect(needsPacing(req({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(needsPacing(req({ 'content-length': String(PACE_FROM_BYTES - 1) }))).toBe(false);
    expect(needsPacing(req({}))).toBe(false);
  });
});

describe('a large request body, through the real server (BODY_READ_MB_PER_SECOND)', () => {
  let t: TestServer;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await startTestServer({ env: { BODY_READ_MB_PER_SECOND: '2' } });
    owner = await buildUser(t);
  });
  afterAll(() => t.close());

  it('is read no faster than the rate: a 5 MB upload is answered after the 2 s its last 4 MB take', async () => {
    const started = performance.now();
    // page/uploadImg refuses a file over UPLOAD_MAX_MB (4 MB) once it has read the body: nothing else takes time.
    const r = await uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'big.png', bytes: Buffer.alloc(5 * MB, 7) });
    const took = performance.now() - started;
    expect(r.body.success).toBe(0);
    expect(r.body.message).toMatch(/4 MB/);
    expect(took).toBeGreaterThanOrEqual(1900);
  });

  it('leaves other requests answered at once meanwhile', async () => {
    const uploading = uploadFile(t, 'page/uploadImg', { token: owner.token, filename: 'big.png', bytes: Buffer.alloc(4 * MB, 7) });
    let done = false;
    void uploading.finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const r = await t.call('item/myList', {}, { token: owner.token });
      expect(r.error_code).toBe(0);
      if (!done) waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(200);
  });

  it('is parsed as it would be unpaced: a 1.5 MB JSON page saves its text exactly', async () => {
    const made = await t.call('item/add', { item_name: 'Paced JSON', item_type: 1, password: '' }, { token: owner.token });
    const content = `# Long\n\n${'Texte long — 长文本. '.repeat(70_000)}`;
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(1.5 * MB);
    const res = await t.fetch('/api/page/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Token': owner.token },
      body: JSON.stringify({ item_id: made.data.item_id, page_title: 'Long', page_content: content }),
    });
    const saved = (await res.json()) as { error_code: number; data: { page_id: number } };
    expect(saved.error_code).toBe(0);
    const page = await t.call('page/info', { page_id: saved.data.page_id }, { token: owner.token });
    expect(page.data.page_content).toBe(content);
  });

  it("imports a real 13 MB OpenAPI description (GitHub's) whole through the paced multipart stream", { timeout: 120_000 }, async () => {
    const r = await uploadFile(t, 'import/auto', {
      token: owner.token,
      filename: 'api.github.com.json',
      bytes: githubApiSpec(),
      params: { item_name: 'GitHub paced', password: '' },
    });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const pages = await t.services.db('pages').where({ item_id: r.body.data.item_id, is_del: 0 }).count({ n: '*' }).first();
    expect(Number((pages as { n: number | string }).n)).toBeGreaterThan(1000);
  });

  it('ends cleanly when the client gives up halfway: the server goes on answering', async () => {
    const abort = new AbortController();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(Buffer.alloc(5 * MB, 1))]), 'big.png');
    const cut = t.fetch('/api/page/uploadImg', { method: 'POST', body: form, headers: { 'X-API-Token': owner.token }, signal: abort.signal }).then(
      () => 'answered',
      (err: Error) => err.name,
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    abort.abort();
    expect(await cut).toBe('AbortError');
    const r = await t.call('item/myList', {}, { token: owner.token });
    expect(r.error_code).toBe(0);
  });
});

describe('a body over MAX_REQUEST_MB, read at a pace', () => {
  let t: TestServer;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await startTestServer({ env: { BODY_READ_MB_PER_SECOND: '4', MAX_REQUEST_MB: '2' } });
    owner = await buildUser(t);
  });
  afterAll(() => t.close());

  it('refuses a body over MAX_REQUEST_MB with 10400, and the same kept-alive connection carries the next request at once', async () => {
    // One connection for both requests: the refused body's unread rest must not be left on it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await post(t, owner.token, agent, 'import/auto', multipartBody('big.json', Buffer.alloc(5 * MB, 0x78)));
      expect(tooLarge.body.error_code).toBe(10400);
      expect(tooLarge.body.error_message).toMatch(/too large/);
      const started = performance.now();
      const next = await post(t, owner.token, agent, 'item/myList', { type: 'application/x-www-form-urlencoded', bytes: Buffer.from('') });
      expect(next.body.error_code).toBe(0);
      expect(next.reused).toBe(true);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      agent.destroy();
    }
  });
});
