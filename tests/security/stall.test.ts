import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildPage } from '../helpers/files.ts';
import { buildUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { buildKeyedItem, postRaw, type KeyedItem } from '../cli/fixtures.ts';

/**
 * Inputs that stalled everyone (issue #26): each blocked the single event loop — `/healthz`
 * included — for seconds to minutes. Each is now bounded before the work starts, so while the
 * hostile request runs a second client's `/healthz` is answered within 200 ms. The server runs
 * in this process, so a blocked loop delays the probe's answer by exactly the time it is blocked.
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
let itemId: number;
let keyed: KeyedItem;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  ({ item_id: itemId } = await buildItem(t, owner));
  keyed = await buildKeyedItem(t);
});
afterAll(() => t.close());

const HEALTHZ_BUDGET_MS = 200;

/** Runs `hostile` while a second client asks `/healthz` back to back; returns its result and the slowest answer (ms). */
async function duringHealthzProbe<T>(hostile: () => Promise<T>): Promise<{ result: T; slowestMs: number; probes: number }> {
  let done = false;
  let slowestMs = 0;
  let probes = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await t.fetch('/healthz');
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      probes++;
    }
  })();
  try {
    return { result: await hostile(), slowestMs, probes };
  } finally {
    done = true;
    await probe;
  }
}

describe('Mock.js path placeholders', () => {
  // The probe's template: x.c is 1000 strings, y.d 1000 references to x.c, z 1000 references to y.d.
  const HOSTILE = JSON.stringify({ x: { 'c|1000': ['x'.repeat(100)] }, y: { 'd|1000': ['@/x/c'] }, 'z|1000': ['@/y/d'] });

  it('refuses at mock/add with 10100 naming template and the limit, and /healthz stays answered', async () => {
    const pageId = await buildPage(t, itemId);
    const { result, slowestMs } = await duringHealthzProbe(() => t.call('mock/add', { page_id: pageId, template: HOSTILE }, { token: owner.token }));
    expect(result.error_code).toBe(10100);
    expect(result.error_message).toMatch(/^template: would produce about \d+ KB; the limit is 2048 KB/);
    expect(slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  it('refuses a stored template at serve time with 422/10100 before rendering', async () => {
    const pageId = await buildPage(t, itemId);
    const saved = await t.call('mock/add', { page_id: pageId, template: '{"ok":true}' }, { token: owner.token });
    // A row stored before references were weighed.
    await t.services.db('mocks').where({ page_id: pageId }).update({ template: HOSTILE });
    const { result, slowestMs } = await duringHealthzProbe(async () => {
      const res = await t.fetch(`/mock-data/${saved.data.unique_key}`);
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(422);
    expect(result.body.error_code).toBe(10100);
    expect(result.body.error_message).toMatch(/^template: would produce about/);
    expect(slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  it('refuses references that form a cycle, and still renders references that are small', async () => {
    const pageId = await buildPage(t, itemId);
    const cycle = await t.call('mock/add', { page_id: pageId, template: JSON.stringify({ a: '@b', b: '@a' }) }, { token: owner.token });
    expect(cycle.error_code).toBe(10100);
    expect(cycle.error_message).toMatch(/^template: .*must not form a cycle/);
    const fine = await t.call('mock/add', { page_id: pageId, template: JSON.stringify({ 'list|3': [{ 'id|+1': 1 }], copy: '@/list', first: 'A', both: '@first @first' }) }, { token: owner.token });
    expect(fine.error_code, fine.error_message).toBe(0);
    const body = await (await t.fetch(`/mock-data/${fine.data.unique_key}`)).json();
    expect(body).toEqual({ list: [{ id: 1 }, { id: 2 }, { id: 3 }], copy: [{ id: 1 }, { id: 2 }, { id: 3 }], first: 'A', both: 'A A' });
  });
});

describe('sync/upload of an .svg', () => {
  const upload = (k: KeyedItem, name: string, bytes: string) => {
    const form = new FormData();
    form.set('api_key', k.api_key);
    form.set('api_token', k.api_token);
    form.set('sha256', crypto.createHash('sha256').update(bytes).digest('hex'));
    form.set('file', new Blob([bytes]), name);
    return t.fetch('/api/sync/upload', { method: 'POST', body: form }).then((r) => r.json());
  };

  it('refuses 31 (and 5,000) empty comments with no <svg> at once, /healthz answered meanwhile', async () => {
    for (const count of [31, 5000]) {
      const { result, slowestMs } = await duringHealthzProbe(() => upload(keyed, 'logo.svg', '<!---->'.repeat(count)));
      expect(result.error_code, `${count}`).not.toBe(0);
      expect(result.error_message).toMatch(/not an SVG image \(no <svg> root element\)/);
      expect(slowestMs, `${count} comments`).toBeLessThan(HEALTHZ_BUDGET_MS);
    }
  });

  it('accepts an SVG after a declaration, many comments and a doctype with an internal subset', async () => {
    const svg = `<?xml version="1.0"?>\n${'<!---->'.repeat(200)}<!-- a -- b --><!DOCTYPE svg [ <!ENTITY x "]"> ]>\n<svg xmlns="http://www.w3.org/2000/svg"/>`;
    const { result, slowestMs } = await duringHealthzProbe(() => upload(keyed, 'logo.svg', svg));
    expect(result.error_code, result.error_message).toBe(0);
    expect(slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  });
});

describe('open/fromComments', () => {
  const SCRIPT_URL = '/server/index.php?s=/api/open/fromComments';
  // As showdoc_api.sh posts it: the content interpolated raw, nothing percent-encoded.
  const body = (content: string) => `from=shell&api_key=${keyed.api_key}&api_token=${keyed.api_token}&content=${content}\n`;

  it('imports a block with a line of 200,000 spaces before an x, /healthz answered meanwhile', async () => {
    const content = `/**\n * showdoc\n * @title Wide\n * @url /wide\n *${' '.repeat(200_000)}x\n */`;
    const { result, slowestMs } = await duringHealthzProbe(() => postRaw(t, SCRIPT_URL, body(content)));
    expect(result.text).toBe('成功');
    const page = await t.services.db('pages').where({ item_id: keyed.item_id, page_title: 'Wide', is_del: 0 }).first();
    expect(page).toBeTruthy();
    expect(slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  it('answers at once for 20,000 unclosed /** openers', async () => {
    const { result, slowestMs } = await duringHealthzProbe(() => postRaw(t, SCRIPT_URL, body('/**'.repeat(20_000))));
    expect(result.text).toBe('失败');
    expect(slowestMs).toBeLessThan(HEALTHZ_BUDGET_MS);
  });
});
