import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliFailure, ExitCode } from '../../cli/errors.ts';
import { SyncClient } from '../../cli/sync/client.ts';
import { stopAllWatches } from '../../cli/sync/watch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await stopAllWatches();
  await t.close();
});

type Refusal = { status: number; retryAfter?: string; errorCode?: number };

/**
 * A real HTTP server in front of the test server: it refuses the first calls of an action as
 * told (10429 with Retry-After, 503…), then forwards everything to the real app.
 */
async function refusingProxy(refusals: Record<string, Refusal[]>): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const action = (req.url ?? '').replace(/^\/api\//, '');
    const refusal = refusals[action]?.shift();
    seen.push(`${action} ${refusal ? refusal.status : 'ok'}`);
    if (refusal) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (refusal.retryAfter) headers['Retry-After'] = refusal.retryAfter;
      res.writeHead(refusal.status, headers);
      res.end(
        JSON.stringify({ error_code: refusal.errorCode ?? 10500, error_message: refusal.status === 429 ? 'too many requests, try again in 1 s' : 'busy' }),
      );
      return;
    }
    const answer = await fetch(`${t.url}${req.url}`, {
      method: req.method,
      headers: { 'Content-Type': req.headers['content-type'] ?? 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function serverPaths(k: KeyedItem): Promise<string[]> {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return (r.data.pages as { cat_path: string[]; page_title: string }[]).map((p) => [...p.cat_path, p.page_title].join('/')).sort();
}

describe('retries of refused calls', () => {
  it('push waits out 10429 (Retry-After) and 503 on reads and writes, then succeeds', async () => {
    const k = await buildKeyedItem(t);
    const proxy = await refusingProxy({
      'sync/tree': [{ status: 429, retryAfter: '1', errorCode: 10429 }, { status: 503 }],
      'sync/apply': [{ status: 503, retryAfter: '1' }],
    });
    try {
      const dir = tempFolder();
      write(dir, 'a.md', '# A\n');
      write(dir, 'guide/b.md', '# B\n');
      const r = await runDocs(['push', dir], { cwd: dir, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
      expect(r.code, r.stderr).toBe(ExitCode.OK);
      expect(r.stderr).toContain('sync/tree: rate limited (10429); trying again in 1.0 s (retry 1 of 5)');
      expect(r.stderr).toContain('sync/tree: server unavailable (HTTP 503); trying again in 2.0 s (retry 2 of 5)');
      expect(r.stderr).toContain('sync/apply: server unavailable (HTTP 503); trying again in 1.0 s (retry 1 of 5)');
      expect(proxy.seen).toEqual(['sync/tree 429', 'sync/tree 503', 'sync/tree ok', 'sync/apply 503', 'sync/apply ok']);
      expect(await serverPaths(k)).toEqual(['A', 'guide/B']);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('gives up after the last try with the error, and never repeats a write after a 500', async () => {
    const k = await buildKeyedItem(t);
    const proxy = await refusingProxy({
      'sync/tree': Array.from({ length: 3 }, () => ({ status: 429, retryAfter: '0', errorCode: 10429 })),
      'sync/apply': [{ status: 500 }],
    });
    try {
      const client = new SyncClient({ server: proxy.url, apiKey: k.api_key, apiToken: k.api_token }, 10_000, { attempts: 3, baseMs: 10, maxWaitMs: 50 });
      const err = await client.tree().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CliFailure);
      expect((err as Error).message).toMatch(/^sync\/tree: too many requests, try again in 1 s \(error 10429\) — gave up after 3 tries$/);
      const apply = await client.apply([{ op: 'create', cat_path: [], title: 'X', content: 'x', s_number: 99 }]).catch((e: unknown) => e);
      expect((apply as Error).message).toMatch(/^sync\/apply: busy \(error 10500\)$/);
      expect(proxy.seen).toEqual(['sync/tree 429', 'sync/tree 429', 'sync/tree 429', 'sync/apply 500']);
    } finally {
      await proxy.close();
    }
  });
});

describe('docs watch around a conflict', () => {
  it('reports the conflicting page, writes its .server copy and still pushes the other changes', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'clash.md', '# Clash\n\nThe same line.\n');
    write(dir, 'calm.md', '# Calm\n\nNothing to see.\n');
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    // A web edit of the same line the file changes next.
    const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    const clash = (tree.data.pages as { page_id: number; page_title: string }[]).find((p) => p.page_title === 'Clash')!;
    const info = (await t.call('page/info', { page_id: clash.page_id }, { token: k.owner.token })).data;
    const saved = await t.call(
      'page/save',
      {
        page_id: info.page_id,
        item_id: k.item_id,
        cat_id: info.cat_id,
        page_title: info.page_title,
        page_content: '# Clash\n\nThe same line, edited in the browser.\n',
        s_number: info.s_number,
      },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    write(dir, 'clash.md', '# Clash\n\nThe same line, edited locally.\n');
    write(dir, 'calm.md', '# Calm\n\nEdited locally while the other page conflicts.\n');
    write(dir, 'fresh.md', '# Fresh\n');

    const started = await runDocs(['watch', dir, '--debounce', '100'], { cwd: dir, env: envFor(t, k) });
    try {
      expect(started.code).toBeUndefined();
      expect(started.stderr).toMatch(/conflict in clash\.md: .*the other changes were pushed/);
      expect(fs.existsSync(path.join(dir, 'clash.md.server'))).toBe(true);
      expect(read(dir, 'clash.md.server')).toContain('edited in the browser');
      const after = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
      const titles = (after.data.pages as { page_title: string }[]).map((p) => p.page_title).sort();
      expect(titles).toEqual(['Calm', 'Clash', 'Fresh']);
      const calm = (after.data.pages as { page_id: number; page_title: string }[]).find((p) => p.page_title === 'Calm')!;
      const calmInfo = (await t.call('page/info', { page_id: calm.page_id }, { token: k.owner.token })).data;
      expect(calmInfo.page_content).toContain('Edited locally while the other page conflicts.');
      const clashInfo = (await t.call('page/info', { page_id: clash.page_id }, { token: k.owner.token })).data;
      expect(clashInfo.page_content).toContain('edited in the browser');
    } finally {
      await stopAllWatches();
    }
  }, 60_000);
});

describe('kept-alive connections', () => {
  it('a reused connection the server dropped is tried again once on a new one', async () => {
    const k = await buildKeyedItem(t);
    // In front of the real app: the second request on any connection finds it closed (as when the
    // server's keep-alive timeout ran out just as the client reused it).
    const served = new WeakMap<object, number>();
    let dropped = 0;
    const server = http.createServer(async (req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      if (n > 1) {
        dropped++;
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await fetch(`${t.url}${req.url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new SyncClient({ server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: k.api_key, apiToken: k.api_token });
      for (let i = 0; i < 3; i++) expect((await client.tree()).item.item_id).toBe(k.item_id);
      expect(dropped).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
