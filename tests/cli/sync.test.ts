import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliFailure, ExitCode } from '../../cli/errors.ts';
import { SyncClient, type Change } from '../../cli/sync/client.ts';
import { push } from '../../cli/sync/push.ts';
import { stopAllWatches } from '../../cli/sync/watch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples/docs');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await stopAllWatches();
  await t.close();
});

async function pageByTitle(k: KeyedItem, title: string) {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  const p = (r.data.pages as { page_id: number; page_title: string; cat_id: number; revision: number }[]).find((x) => x.page_title === title)!;
  const info = await t.call('page/info', { page_id: p.page_id }, { token: k.owner.token });
  return info.data as { page_id: number; page_title: string; page_content: string; cat_id: number; revision: number; s_number: number };
}

/** An edit in the web app: the real page/save API with the owner's session. */
async function webEdit(k: KeyedItem, title: string, edit: (content: string) => string) {
  const page = await pageByTitle(k, title);
  const r = await t.call(
    'page/save',
    {
      page_id: page.page_id,
      item_id: k.item_id,
      cat_id: page.cat_id,
      page_title: page.page_title,
      page_content: edit(page.page_content),
      s_number: page.s_number,
    },
    { token: k.owner.token },
  );
  expect(r.error_code, r.error_message).toBe(0);
}

const CONFLICTS = 'guide/advanced/conflicts.md';

describe('docs push after a concurrent web edit', () => {
  it('merges edits of different lines cleanly, pushes the merge and writes it locally', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    await webEdit(k, 'Conflicts and merges', (c) => c.replace('# Conflicts and merges', '# Conflicts and merges\n\n> Edited in the browser.'));
    write(dir, CONFLICTS, read(dir, CONFLICTS) + '\nA line added locally.\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const page = await pageByTitle(k, 'Conflicts and merges');
    expect(page.page_content).toContain('> Edited in the browser.');
    expect(page.page_content).toContain('A line added locally.');
    expect(read(dir, CONFLICTS)).toBe(page.page_content);
    const again = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(again.stdout).summary.update).toBe(0);
  });

  it('stops with exit 3 on edits of the same line, overwrites nothing and writes the server version beside the file', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    await webEdit(k, 'Conflicts and merges', (c) => c.replace('line by\nline.', 'line by\nline (server wording).'));
    const local = read(dir, CONFLICTS).replace('line by\nline.', 'line by\nline (local wording).');
    write(dir, CONFLICTS, local);
    write(dir, 'index.md', read(dir, 'index.md') + '\nAnother local change.\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(r.stderr).toContain(CONFLICTS);
    expect((await pageByTitle(k, 'Conflicts and merges')).page_content).toContain('server wording');
    expect((await pageByTitle(k, 'Welcome')).page_content).not.toContain('Another local change');
    expect(read(dir, CONFLICTS)).toBe(local);
    expect(read(dir, `${CONFLICTS}.server`)).toContain('server wording');

    // Still a conflict until the copy is gone; after resolving, the push goes through.
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.CONFLICT);
    write(dir, CONFLICTS, local.replace('(local wording)', '(agreed wording)'));
    fs.rmSync(path.join(dir, `${CONFLICTS}.server`));
    const resolved = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(resolved.code, resolved.stderr).toBe(ExitCode.OK);
    expect((await pageByTitle(k, 'Conflicts and merges')).page_content).toContain('agreed wording');
    expect((await pageByTitle(k, 'Welcome')).page_content).toContain('Another local change');
  });

  it('stops with exit 3 instead of undoing a rename made in the browser, and pushes once the file takes the new title', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const page = await pageByTitle(k, 'Conflicts and merges');
    const renamed = await t.call(
      'page/save',
      {
        page_id: page.page_id,
        item_id: k.item_id,
        cat_id: page.cat_id,
        page_title: 'Merging and conflicts',
        page_content: page.page_content,
        s_number: page.s_number,
      },
      { token: k.owner.token },
    );
    expect(renamed.error_code, renamed.error_message).toBe(0);
    const local = `${read(dir, CONFLICTS)}\nA line added locally.\n`;
    write(dir, CONFLICTS, local);

    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(r.stderr).toContain(CONFLICTS);
    const after = await pageByTitle(k, 'Merging and conflicts');
    expect(after.page_content).not.toContain('A line added locally.');
    expect(read(dir, CONFLICTS)).toBe(local);
    expect(read(dir, `${CONFLICTS}.server`)).toContain('title: Merging and conflicts');

    write(dir, CONFLICTS, `---\ntitle: Merging and conflicts\n---\n${local}`);
    fs.rmSync(path.join(dir, `${CONFLICTS}.server`));
    const resolved = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(resolved.code, resolved.stderr).toBe(ExitCode.OK);
    const final = await pageByTitle(k, 'Merging and conflicts');
    expect(final.page_id).toBe(page.page_id);
    expect(final.page_content).toContain('A line added locally.');
  });

  it('stops with exit 3 when the page changes between planning and sending, writing nothing of that batch', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    write(dir, CONFLICTS, read(dir, CONFLICTS) + '\nLocal line.\n');
    write(dir, 'index.md', read(dir, 'index.md') + '\nLocal index line.\n');
    // A client whose apply lets a web edit slip in after the plan was made.
    class RacingClient extends SyncClient {
      override async apply(changes: Change[], atomic?: boolean) {
        await webEdit(k, 'Conflicts and merges', (c) => c.replace('# Conflicts and merges\n', '# Conflicts and merges\n\nWeb line.\n'));
        return super.apply(changes, atomic);
      }
    }
    const settings = { server: t.url, apiKey: k.api_key, apiToken: k.api_token };
    const io = { stdout: () => undefined, stderr: () => undefined, stdin: process.stdin, env: {}, cwd: dir, isTTY: false, verbose: false, exitCode: undefined };
    const failure = await push({ root: dir, settings, prune: false, dryRun: false }, io, new RacingClient(settings)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CliFailure);
    expect((failure as CliFailure).exitCode).toBe(ExitCode.CONFLICT);
    expect((failure as CliFailure).message).toMatch(
      /guide\/advanced\/conflicts\.md: \S+ saved revision 2 of page \d+ after revision 1, the one this change was planned from/,
    );
    const page = await pageByTitle(k, 'Conflicts and merges');
    expect(page.page_content).toContain('Web line.');
    expect(page.page_content).not.toContain('Local line.');
    expect((await pageByTitle(k, 'Welcome')).page_content).not.toContain('Local index line.');
    // The next push merges the web line in.
    const again = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    const merged = (await pageByTitle(k, 'Conflicts and merges')).page_content;
    expect(merged).toContain('Web line.');
    expect(merged).toContain('Local line.');
  });

  it('plan reports the conflict with exit 3 and writes nothing', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    await webEdit(k, 'Error codes', (c) => c.replace('too many requests', 'slow down (server)'));
    write(dir, 'reference/errors.md', read(dir, 'reference/errors.md').replace('too many requests', 'slow down (local)'));
    const r = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(r.stdout).toMatch(/conflict\s+reference\/errors\.md/);
    expect(fs.existsSync(path.join(dir, 'reference/errors.md.server'))).toBe(false);
  });
});

describe('docs pull', () => {
  it('writes every page back to the file it came from, byte for byte; pushing it right back is a no-op', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder(EXAMPLES);
    await runDocs(['push', src], { cwd: src, env: envFor(t, k) });
    const dir = tempFolder();
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    for (const rel of ['index.md', CONFLICTS, 'guide/getting-started.md', 'guide/configuration.md', 'reference/errors.md'])
      expect(read(dir, rel)).toBe(read(src, rel));
    const plan = await runDocs(['plan', dir, '--detailed-exitcode', '--prune'], { cwd: dir, env: envFor(t, k) });
    expect(plan.code, plan.stdout).toBe(ExitCode.OK);
  });

  it('keeps the file of a page renamed on the web and sets the new title in its front matter', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder(EXAMPLES);
    await runDocs(['push', src], { cwd: src, env: envFor(t, k) });
    const dir = tempFolder();
    await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    const page = await pageByTitle(k, 'Error codes');
    await t.call(
      'page/save',
      {
        page_id: page.page_id,
        item_id: k.item_id,
        cat_id: page.cat_id,
        page_title: 'Error code list',
        page_content: page.page_content,
        s_number: page.s_number,
      },
      { token: k.owner.token },
    );
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(/wrote\s+reference\/errors\.md/);
    expect(read(dir, 'reference/errors.md')).toBe(read(src, 'reference/errors.md').replace('title: Error codes', 'title: Error code list'));
    expect(fs.readdirSync(path.join(dir, 'reference'))).toEqual(['errors.md']);
    expect((await runDocs(['plan', dir, '--detailed-exitcode', '--prune'], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.OK);
  });

  it('merges local edits of a page renamed on the web in place, so the next push updates that page', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const page = await pageByTitle(k, 'Conflicts and merges');
    const serverText = `${page.page_content}\nServer appendix.\n`;
    await t.call(
      'page/save',
      {
        page_id: page.page_id,
        item_id: k.item_id,
        cat_id: page.cat_id,
        page_title: 'Merging and conflicts',
        page_content: serverText,
        s_number: page.s_number,
      },
      { token: k.owner.token },
    );
    write(dir, CONFLICTS, read(dir, CONFLICTS).replace('# Conflicts and merges', '# Conflicts and merges\n\nLocal preface.'));
    const pageCount = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages.length;

    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const merged = read(dir, CONFLICTS);
    expect(merged).toContain('Local preface.');
    expect(merged).toContain('Server appendix.');

    const push = await runDocs(['push', dir, '--json', '--prune'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(push.stdout).summary).toMatchObject({ create: 0, delete: 0, conflict: 0 });
    const after = await pageByTitle(k, 'Merging and conflicts');
    expect(after.page_id).toBe(page.page_id);
    expect(after.page_content).toContain('Local preface.');
    expect((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages).toHaveLength(pageCount);
  });

  it('keeps an unmergeable local edit with the server version beside it (exit 3)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    const page = await pageByTitle(k, 'Conflicts and merges');
    await t.call(
      'page/save',
      {
        page_id: page.page_id,
        item_id: k.item_id,
        cat_id: page.cat_id,
        page_title: 'Merging and conflicts',
        page_content: page.page_content.replace('line by\nline.', 'line by\nline (server wording).'),
        s_number: page.s_number,
      },
      { token: k.owner.token },
    );
    write(dir, CONFLICTS, read(dir, CONFLICTS).replace('line by\nline.', 'line by\nline (local wording).'));

    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(read(dir, CONFLICTS)).toContain('local wording');
    expect(read(dir, `${CONFLICTS}.server`)).toContain('server wording');
    expect((await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) })).code).toBe(ExitCode.CONFLICT);
  });

  it('brings web edits into an existing folder, merging with local edits', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    await webEdit(k, 'Conflicts and merges', (c) => `${c}\nServer appendix.\n`);
    write(dir, CONFLICTS, read(dir, CONFLICTS).replace('# Conflicts and merges', '# Conflicts and merges\n\nLocal preface.'));
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(read(dir, CONFLICTS)).toContain('Server appendix.');
    expect(read(dir, CONFLICTS)).toContain('Local preface.');
    const push = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(push.stdout).summary).toMatchObject({ update: 1, conflict: 0 });
    expect((await pageByTitle(k, 'Conflicts and merges')).page_content).toContain('Local preface.');
  });
});

describe('docs pull over local work', () => {
  it('never overwrites a file that differs from the server without a sync record: the server copy goes beside it (exit 3)', async () => {
    const k = await buildKeyedItem(t);
    const src = tempFolder(EXAMPLES);
    await runDocs(['push', src], { cwd: src, env: envFor(t, k) });
    const dir = tempFolder();
    write(dir, 'index.md', '# My own welcome\n');
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(ExitCode.CONFLICT);
    expect(read(dir, 'index.md')).toBe('# My own welcome\n');
    expect(read(dir, 'index.md.server')).toContain('# Welcome to the Petstore docs');
  });

  it('keeps local edits of files the server did not change', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    write(dir, 'reference/errors.md', read(dir, 'reference/errors.md').replace('title: Error codes', 'title: Errors'));
    const r = await runDocs(['pull', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(read(dir, 'reference/errors.md')).toContain('title: Errors');
    const push = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(push.stdout).summary.move).toBe(1);
  });
});

describe('docs watch', () => {
  it('pushes on start and again after an editor-style save (write temp, rename over)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const started = await runDocs(['watch', dir, '--debounce', '100'], { cwd: dir, env: envFor(t, k) });
    expect(started.code).toBeUndefined();
    expect(started.stderr).toMatch(/synced: 10 create/);
    const tmp = path.join(dir, 'guide/.getting-started.md.swp');
    fs.writeFileSync(tmp, read(dir, 'guide/getting-started.md') + '\nEdited while watching.\n');
    fs.renameSync(tmp, path.join(dir, 'guide/getting-started.md'));
    const deadline = Date.now() + 10_000;
    let content = '';
    while (Date.now() < deadline) {
      content = (await pageByTitle(k, 'Getting started')).page_content;
      if (content.includes('Edited while watching.')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopAllWatches();
    expect(content).toContain('Edited while watching.');
  });
});

describe('docs watch when the server is down', () => {
  it('retries with backoff and syncs once the server is back', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    // A stand-in address for the server: nothing listens there until the "restart".
    const proxy = http.createServer((req, res) => {
      const upstream = http.request(`${t.url}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as AddressInfo).port;
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    const started = await runDocs(['watch', dir, '--debounce', '100'], { cwd: dir, env: { ...envFor(t, k), DOCS_SERVER: `http://127.0.0.1:${port}` } });
    expect(started.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+.*retrying in 1 s/);
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    try {
      const deadline = Date.now() + 15_000;
      let count = 0;
      while (Date.now() < deadline) {
        count = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages.length;
        if (count === 10) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(count).toBe(10);
    } finally {
      await stopAllWatches();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});

describe('bin/docs', () => {
  // Starting node + tsx in a fresh process is slow on a loaded machine.
  it('runs as a process: plan --json on stdout, exit code 2 with --detailed-exitcode', { timeout: 120_000 }, async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(EXAMPLES);
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/docs'), 'plan', dir, '--json', '--detailed-exitcode'], {
      env: { ...process.env, ...envFor(t, k), CI: 'true' },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(ExitCode.PENDING);
    expect(JSON.parse(stdout).summary.create).toBe(10);
  });
});
