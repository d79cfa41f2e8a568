import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { action } from '../../server/http/action.ts';
import { contract } from '../../core/api/contract.ts';
import { zId, zText } from '../../core/api/schema.ts';
import { allActions } from '../../server/routes/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { denials } from '../../server/access/denials.ts';
import { buildUser } from '../helpers/factories.ts';

// A few probe actions beside the real table, to exercise the dispatcher itself.
const noInput = z.object({}).loose();
const probe = <O>(name: string, input: z.ZodType = noInput) => contract<O>()(name, input);
const probes = [
  action(probe<{ input: unknown; who: string }>('probe/echo', z.object({ item_id: zId.optional(), text: zText(20).optional() }).loose()), {
    auth: 'public',
    writes: false,
    handle: async ({ input, actor }) => ({ input, who: actor.kind }),
  }),
  action(probe<{ uid: number }>('probe/mine'), { auth: 'user', writes: false, handle: async ({ actor }) => ({ uid: actor.kind === 'user' ? actor.uid : 0 }) }),
  action(probe<{ ok: boolean }>('probe/admin'), { auth: 'admin', writes: false, handle: async () => ({ ok: true }) }),
  action(probe<never>('probe/boom'), {
    auth: 'public',
    writes: false,
    handle: async () => {
      throw new Error('SELECT secret FROM users /etc/passwd');
    },
  }),
  action(probe<never>('probe/fail'), {
    auth: 'public',
    writes: false,
    handle: async () => {
      throw denials.needItemPassword();
    },
  }),
];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ actions: [...allActions, ...probes] });
});
afterAll(() => t.close());

describe('dispatcher', () => {
  it('answers /healthz with 200 while the database answers', async () => {
    const res = await t.fetch('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('wraps a result in the envelope', async () => {
    const r = await t.call('probe/echo', { text: 'hi' });
    expect(r.status).toBe(200);
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ input: { text: 'hi' }, who: 'guest' });
  });

  it('reaches the same action through ShowDoc URL forms, case-insensitively', async () => {
    for (const path of [
      '/server/index.php?s=/api/probe/echo&text=a',
      '/server/index.php?s=Api/Probe/echo&text=a',
      '/server/?s=/api/probe/echo&text=a',
      '/server/api/probe/echo?text=a',
      '/server/api/probe/echo/text/a',
    ]) {
      const res = await t.fetch(path);
      const body = await res.json();
      expect(body.error_code, path).toBe(0);
      expect(body.data.input.text, path).toBe('a');
    }
  });

  it('takes parameters with precedence path pairs > body > query', async () => {
    const res = await t.fetch('/server/api/probe/echo/text/path?text=query', { method: 'POST', body: new URLSearchParams({ text: 'body' }) });
    expect((await res.json()).data.input.text).toBe('path');
    const res2 = await t.fetch('/api/probe/echo?text=query', { method: 'POST', body: new URLSearchParams({ text: 'body' }) });
    expect((await res2.json()).data.input.text).toBe('body');
  });

  it('reads JSON and multipart bodies', async () => {
    expect((await t.call('probe/echo', { text: 'json' }, { json: true })).data.input.text).toBe('json');
    const form = new FormData();
    form.set('text', 'multi');
    const res = await t.fetch('/api/probe/echo', { method: 'POST', body: form });
    expect((await res.json()).data.input.text).toBe('multi');
  });

  it('answers an unknown route with HTTP 404 and 10404', async () => {
    for (const path of [
      '/api/nosuch/thing',
      '/api/probe/nosuch',
      '/server/index.php?s=/api/probe',
      '/server/index.php',
      '/server/index.php?s=mock-data/not-a-key',
      '/server/mock-path/abc',
    ]) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error_code, path).toBe(10404);
    }
  });

  it('answers malformed JSON with 10400', async () => {
    const res = await t.fetch('/api/probe/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text": ' });
    const body = await res.json();
    expect(body.error_code).toBe(10400);
    expect(body.error_message).toMatch(/Malformed/);
  });

  it('answers a body over the size limit with 10400', async () => {
    const small = await startTestServer({ actions: probes, env: { MAX_REQUEST_MB: '1' } });
    try {
      const res = await small.fetch('/api/probe/echo', { method: 'POST', body: new URLSearchParams({ text: 'x'.repeat(2 * 1024 * 1024) }) });
      expect((await res.json()).error_code).toBe(10400);
    } finally {
      await small.close();
    }
  });

  it('reports validation failures as 10100 naming the field', async () => {
    const r = await t.call('probe/echo', { item_id: 'abc' });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^item_id: /);
    const r2 = await t.call('probe/echo', { item_id: '-4' });
    expect(r2.error_message).toMatch(/item_id: must be a positive id/);
    const r3 = await t.call('probe/echo', { text: 'y'.repeat(21) });
    expect(r3.error_message).toMatch(/text: must be at most 20 characters/);
  });

  it('requires a login for user actions (10102) and an admin for admin actions (10103)', async () => {
    expect((await t.call('probe/mine')).error_code).toBe(10102);
    expect((await t.call('probe/mine', {}, { token: 'not-a-token' })).error_code).toBe(10102);
    const u = await buildUser(t);
    const mine = await t.call('probe/mine', {}, { token: u.token });
    expect(mine.data.uid).toBe(u.uid);
    expect((await t.call('probe/admin', {}, { token: u.token })).error_code).toBe(10103);
    const admin = await buildUser(t, { groupid: 1 });
    expect((await t.call('probe/admin', {}, { token: admin.token })).error_code).toBe(0);
  });

  it('accepts the token as X-API-Token, Bearer, user_token and cookie', async () => {
    const u = await buildUser(t);
    const viaBearer = await t.fetch('/api/probe/mine', { headers: { Authorization: `Bearer ${u.token}` } });
    expect((await viaBearer.json()).data.uid).toBe(u.uid);
    const viaParam = await t.call('probe/mine', { user_token: u.token });
    expect(viaParam.data.uid).toBe(u.uid);
    const viaCookie = await t.fetch('/api/probe/mine', { headers: { Cookie: `folio_token=${u.token}` } });
    expect((await viaCookie.json()).data.uid).toBe(u.uid);
  });

  it('never leaks a stack, SQL or path: 10500 with a request id', async () => {
    const res = await t.fetch('/api/probe/boom');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error_code).toBe(10500);
    expect(body.error_message).not.toMatch(/SELECT|passwd|at /);
    expect(body.error_message).toContain(res.headers.get('x-request-id')!);
  });

  it('speaks Chinese when asked by Accept-Language or lang', async () => {
    const zh = await t.call('probe/fail', {}, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    expect(zh.error_code).toBe(10303);
    expect(zh.error_message).toMatch(/私密项目/);
    const en = await t.call('probe/fail', { lang: 'en' }, { headers: { 'Accept-Language': 'zh-CN' } });
    expect(en.error_message).toMatch(/private/);
  });

  it('serves the SPA fallback for app routes but not for API paths', async () => {
    const res = await t.fetch('/item/index');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('parameter arrays', () => {
  it('keeps arrays of a JSON body and takes the last of repeated form keys', async () => {
    const json = await t.fetch('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: [1, 2, 3] }),
    });
    expect((await json.json()).data.input.ids).toEqual([1, 2, 3]);
    const form = await t.fetch('/api/probe/echo?text=q1&text=q2', {
      method: 'POST',
      body: 'ids=1&ids=2',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const body = await form.json();
    expect(body.data.input.ids).toBe('2');
    expect(body.data.input.text).toBe('q2');
  });
});
