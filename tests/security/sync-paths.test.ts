import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { SyncClient } from '../../cli/sync/client.ts';
import { PNG_BYTES, uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, read, runDocs, tempFolder, write } from '../cli/run.ts';
import { addMember, buildKeyedItem, buildUser, type KeyedItem } from '../helpers/factories.ts';
import hostile from './fixtures/hostile-sync-paths.json' with { type: 'json' };

/**
 * Issue #20, parts 1-3: `docs pull` must never write outside its folder or into `.git/`, `.docs/`
 * or the CLI's own files, never fetch another host, and `docs push` never upload a hidden file.
 * Each attack of the probe runs against the real server and the real CLI in real git repositories;
 * what a server that stored such paths earlier (or a proxy) would send comes through a small local
 * HTTP proxy that rewrites `sync/tree` and `sync/pages` answers. `sync/apply` refuses the same
 * paths (one rule, core/safePath.ts), checked on the hostile-path list of fixtures/.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const creds = (k: KeyedItem) => ({ api_key: k.api_key, api_token: k.api_token });
const apply = (k: KeyedItem, changes: unknown[]) => t.call('sync/apply', { ...creds(k), changes }, { json: true });

/** The probe's fsmonitor payload: git runs it on the next `git status` in a repository with this config. */
const FSMONITOR_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch PWNED; false"\n';

function gitRepo(): string {
  const dir = tempFolder();
  execFileSync('git', ['init', '-q', dir]);
  return dir;
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });

/** Every file under `dir` (relative), `.git` included. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => fs.lstatSync(path.join(dir, rel)).isFile()).sort();
}

interface Proxy {
  url: string;
  close(): Promise<void>;
}

/** A man in the middle for the CLI: forwards everything to the server, rewriting `sync/tree` and `sync/pages` data. */
async function startProxy(
  rewrite: (action: string, data: any) => void,
  intercept?: (url: string) => { status: number; headers: Record<string, string> } | null,
): Promise<Proxy> {
  const server = http.createServer(async (req, res) => {
    const own = intercept?.(req.url ?? '');
    if (own) {
      res.writeHead(own.status, own.headers);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'connection', 'content-length', 'accept-encoding'].includes(k)) headers[k] = v;
    const upstream = await fetch(`${t.url}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    let bytes = Buffer.from(await upstream.arrayBuffer());
    const action = /\/api\/(sync\/(?:tree|pages))\b/.exec(req.url ?? '')?.[1];
    if (action) {
      const envelope = JSON.parse(bytes.toString('utf8'));
      if (envelope.error_code === 0) rewrite(action, envelope.data);
      bytes = Buffer.from(JSON.stringify(envelope));
    }
    const out: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) out[k] = v;
    });
    res.writeHead(upstream.status, out);
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Another host on another port: an SSRF target, which must receive no request at all. */
async function startEvilHost(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.end('#!/bin/sh\ntouch PWNED\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The pages of a `sync/tree` or `sync/pages` answer (both list them under `pages`). */
function eachPage(data: any, fn: (page: any) => void): void {
  for (const page of data.pages) fn(page);
}

describe('sync/apply refuses paths a folder must not hold (the hostile-path list)', () => {
  const refused = [...hostile.git, ...hostile.windows, ...hostile.issue20];

  it('refuses each one as a file and as a folder, naming the field, the path and why; nothing is created', async () => {
    const k = await buildKeyedItem(t);
    const misses: string[] = [];
    for (const bad of refused) {
      for (const sourcePath of [bad, `${bad}/x.md`]) {
        const r = await apply(k, [{ op: 'create', cat_path: [], title: 'T', content: 'x', source_path: sourcePath }]);
        if (r.error_code !== 10100 || !r.error_message?.startsWith('changes.0.source_path: '))
          misses.push(`${JSON.stringify(sourcePath)} → ${r.error_code} ${r.error_message}`);
      }
    }
    expect(misses).toEqual([]);
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.pages).toEqual([]);
  });

  it('says which segment and why', async () => {
    const k = await buildKeyedItem(t);
    const r = await apply(k, [{ op: 'create', cat_path: ['.git'], title: 'config', content: FSMONITOR_CONFIG, source_path: '.git/config' }]);
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toBe(
      'changes.0.source_path: must be a relative path inside the folder: ".git/config" has the segment ".git", which starts with "." (hidden files and folders such as .git, .docs or .docs.json are never synced)',
    );
    const device = await apply(k, [{ op: 'create', cat_path: [], title: 'T', content: 'x', source_path: 'guide/nul.md' }]);
    expect(device.error_message).toMatch(/"nul\.md", which is a Windows device name$/);
  });

  it('accepts ordinary paths (letters of any script, spaces, dots inside names)', async () => {
    const k = await buildKeyedItem(t);
    const r = await apply(
      k,
      hostile.accepted.map((p, i) => ({ op: 'create', cat_path: [], title: `P${i}`, content: 'x', source_path: p })),
    );
    expect(r.error_code, r.error_message).toBe(0);
    expect(r.data.results.map((x: { status: string }) => x.status)).toEqual(hostile.accepted.map(() => 'created'));
  });

  it('refuses source_refs whose file is hidden or outside the folder, or not an attachment of this server', async () => {
    const k = await buildKeyedItem(t);
    const sign = '0123456789abcdef0123456789abcdef';
    const cases: [unknown[], RegExp][] = [
      [
        [[`/api/attachment/visitFile?sign=${sign}`, './.docs.json', '.docs.json']],
        /entry 1: the file "\.docs\.json" has the segment "\.docs\.json", which starts with "\."/,
      ],
      [[[`/api/attachment/visitFile?sign=${sign}`, 'x', '.git/hooks/post-checkout']], /the file "\.git\/hooks\/post-checkout"/],
      [[[`/api/attachment/visitFile?sign=${sign}`, 'x', '../../OUTSIDE.png']], /the file "\.\.\/\.\.\/OUTSIDE\.png" has the segment "\.\."/],
      [[['http://169.254.169.254/latest/meta-data', './img.png', 'img.png']], /must be served as an attachment of this server/],
      [[['/a', 'b', 'c', 'd']], /entry 1 must be \[served, original\] or \[served, original, file\]/],
      [{ not: 'a list' } as unknown as unknown[], /must be a JSON list/],
    ];
    for (const [refs, message] of cases) {
      const r = await apply(k, [{ op: 'create', cat_path: [], title: 'T', content: 'x', source_path: 'x.md', source_refs: JSON.stringify(refs) }]);
      expect(r.error_code, JSON.stringify(refs)).toBe(10100);
      expect(r.error_message).toMatch(/^changes\.0\.source_refs: /);
      expect(r.error_message).toMatch(message);
    }
  });
});

describe('part 1: an api_key holder plants a git repository for `docs pull docs`', () => {
  it('the planting set is refused, and a pull inside a real repository writes no .git and runs nothing', async () => {
    const k = await buildKeyedItem(t);
    const planting = [
      { op: 'create', cat_path: ['.git'], title: 'config', content: FSMONITOR_CONFIG, source_path: '.git/config' },
      { op: 'create', cat_path: ['.git'], title: 'HEAD', content: 'ref: refs/heads/main\n', source_path: '.git/HEAD' },
      { op: 'create', cat_path: ['.git', 'objects'], title: 'keep', content: '', source_path: '.git/objects/keep' },
      { op: 'create', cat_path: ['.git', 'refs'], title: 'keep', content: '', source_path: '.git/refs/keep' },
    ];
    const r = await apply(k, [{ op: 'create', cat_path: [], title: 'Welcome', content: 'Hello.', source_path: 'index.md' }, ...planting]);
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^changes\.1\.source_path: .*"\.git\/config"/);
    expect((await apply(k, [{ op: 'create', cat_path: [], title: 'Welcome', content: 'Hello.', source_path: 'index.md' }])).error_code).toBe(0);

    const repo = gitRepo();
    const configBefore = read(repo, '.git/config');
    const pulled = await runDocs(['pull', 'docs'], { cwd: repo, env: envFor(t, k) });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    expect(read(repo, 'docs/index.md')).toMatch(/Hello\./);
    expect(fs.existsSync(path.join(repo, 'docs/.git'))).toBe(false);
    git(path.join(repo, 'docs'), 'status', '--porcelain');
    expect(fs.existsSync(path.join(repo, 'docs/PWNED'))).toBe(false);
    expect(read(repo, '.git/config')).toBe(configBefore);
  });

  it('pages a server stored earlier at .git/ paths (served through a proxy): the pull refuses before writing anything, exit 1, each path named', async () => {
    const k = await buildKeyedItem(t);
    const created = await apply(k, [
      { op: 'create', cat_path: [], title: 'Welcome', content: 'Hello.', source_path: 'index.md' },
      { op: 'create', cat_path: [], title: 'config', content: FSMONITOR_CONFIG, source_path: 'config.md' },
      { op: 'create', cat_path: [], title: 'HEAD', content: 'ref: refs/heads/main\n', source_path: 'HEAD.md' },
    ]);
    expect(created.error_code, created.error_message).toBe(0);
    const planted = new Map([
      ['config.md', { source_path: '.git/config', cat_path: ['.git'] }],
      ['HEAD.md', { source_path: '.git/HEAD', cat_path: ['.git'] }],
    ]);
    const proxy = await startProxy((_action, data) =>
      eachPage(data, (page) => {
        const as = planted.get(page.source_path);
        if (as) Object.assign(page, as);
      }),
    );
    try {
      const repo = gitRepo();
      const configBefore = read(repo, '.git/config');
      const pulled = await runDocs(['pull', 'docs'], { cwd: repo, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
      expect(pulled.code).toBe(ExitCode.ERROR);
      expect(pulled.stderr).toMatch(/pull refused, nothing was written/);
      expect(pulled.stderr).toMatch(/page \d+ "config": its file "\.git\/config" has the segment "\.git", which starts with "\."/);
      expect(pulled.stderr).toMatch(/page \d+ "HEAD": its file "\.git\/HEAD"/);
      // Not even the safe page: a half-written folder would be a second problem.
      expect(listFiles(path.join(repo, 'docs'))).toEqual([]);
      expect(read(repo, '.git/config')).toBe(configBefore);
      fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
      git(path.join(repo, 'docs'), 'status', '--porcelain');
      expect(fs.existsSync(path.join(repo, 'docs/PWNED'))).toBe(false);
      // The same pull straight from the server is fine.
      const direct = await runDocs(['pull', 'docs'], { cwd: repo, env: envFor(t, k) });
      expect(direct.code, direct.stderr).toBe(ExitCode.OK);
      expect(read(repo, 'docs/config.md')).toContain('fsmonitor');
      expect(fs.existsSync(path.join(repo, 'docs/.git'))).toBe(false);
    } finally {
      await proxy.close();
    }
  });
});

describe('part 2: a web editor makes `docs push` upload .docs.json', () => {
  it('the hidden file is never uploaded; the reference stays as written and no attachment holds the credentials', async () => {
    const k = await buildKeyedItem(t);
    const editor = await buildUser(t);
    await addMember(t, k.item_id, editor, 1);
    // The developer's folder in a real repository, with its credentials beside the pages.
    const repo = gitRepo();
    const docs = path.join(repo, 'docs');
    write(docs, '.docs.json', JSON.stringify({ server: t.url, api_key: k.api_key, api_token: k.api_token }));
    write(docs, 'guide.md', '# Guide\n\nHow it works.\n');
    fs.mkdirSync(path.join(docs, 'img'));
    // A link planted in the repository: a "diagram" that is the credentials file.
    fs.symlinkSync('../.docs.json', path.join(docs, 'img/diagram.json'));
    const first = await runDocs(['push', 'docs'], { cwd: repo });
    expect(first.code, first.stderr).toBe(ExitCode.OK);

    // The editor (no key) saves the page with references to the credentials, in every spelling.
    const tree = await t.call('sync/tree', creds(k));
    const page = tree.data.pages[0];
    const stolen = [
      '![diagram](./.docs.json)',
      '![d2](/.docs.json)',
      '![d3](img/../.docs.json)',
      '![d4](./img/diagram.json)',
      '[state](.docs/state.json)',
      '[cfg](../.git/config)',
    ];
    const saved = await t.call(
      'page/save',
      { item_id: k.item_id, page_id: page.page_id, page_title: 'Guide', page_content: `# Guide\n\nHow it works.\n\n${stolen.join('\n\n')}\n`, cat_id: 0 },
      { token: editor.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);

    // The developer pulls, edits that page and pushes.
    const pulled = await runDocs(['pull', 'docs'], { cwd: repo });
    expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
    fs.appendFileSync(path.join(docs, 'guide.md'), '\nOne more line.\n');
    const pushed = await runDocs(['push', 'docs'], { cwd: repo });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(pushed.stderr).toMatch(/"\.docs\.json": refused, it has the segment "\.docs\.json", which starts with "\."[^\n]*: not uploaded/);
    expect(pushed.stderr).toMatch(/"img\/diagram\.json": refused, it goes through the symbolic link img\/diagram\.json/);

    const after = await t.call('sync/pages', { ...creds(k), page_ids: String(page.page_id) });
    const content: string = after.data.pages[0].page_content;
    expect(content).toContain('One more line.');
    for (const ref of stolen) expect(content).toContain(ref);
    expect(content).not.toMatch(/visitFile/);
    const assets = (await t.call('sync/tree', creds(k))).data.assets ?? {};
    expect(Object.keys(assets)).toEqual([]);
  });
});

describe('docs push: files the path rule refuses', () => {
  it('are named as skipped, never sent (the server would refuse them; a pull would never write them)', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'guide.md', '# Guide\n');
    for (const rel of ['nul.md', 'a:b.md', 'GIT~1/config.md', 'trailing /x.md']) write(dir, rel, '# Odd\n');
    const pushed = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(pushed.stderr).toMatch(/nul\.md[^\n]*not synced: its path has the segment "nul\.md", which is a Windows device name/);
    expect(pushed.stderr).toMatch(/a:b\.md[^\n]*not synced/);
    expect(pushed.stderr).toMatch(/GIT~1\/config\.md[^\n]*looks like a Windows short name/);
    expect(pushed.stderr).toMatch(/trailing \/x\.md[^\n]*ends with "\." or a space/);
    const tree = await t.call('sync/tree', creds(k));
    expect(tree.data.pages.map((p) => p.source_path)).toEqual(['guide.md']);
  });
});

describe('part 3: `docs pull` through a proxy rewriting sync/tree and sync/pages', () => {
  it('paths out of the folder (../../OUTSIDE.md, ../.git/config) are refused before anything is written', async () => {
    const k = await buildKeyedItem(t);
    await apply(k, [
      { op: 'create', cat_path: [], title: 'Outside', content: 'escaped', source_path: 'outside.md' },
      { op: 'create', cat_path: [], title: 'Parent config', content: FSMONITOR_CONFIG, source_path: 'parent-config.md' },
      { op: 'create', cat_path: [], title: 'Fine', content: 'fine', source_path: 'fine.md' },
    ]);
    const rewritten = new Map([
      ['outside.md', '../../OUTSIDE.md'],
      ['parent-config.md', '../.git/config'],
    ]);
    const proxy = await startProxy((_action, data) => eachPage(data, (page) => (page.source_path = rewritten.get(page.source_path) ?? page.source_path)));
    try {
      // parent/ is a real repository, the docs folder two levels below a scratch root.
      const scratch = tempFolder();
      const parent = path.join(scratch, 'parent');
      execFileSync('git', ['init', '-q', parent]);
      const configBefore = read(parent, '.git/config');
      const folder = path.join(parent, 'docs');
      const pulled = await runDocs(['pull', folder], { cwd: parent, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
      expect(pulled.code).toBe(ExitCode.ERROR);
      expect(pulled.stderr).toMatch(/its file "\.\.\/\.\.\/OUTSIDE\.md" has the segment "\.\.", which leaves the folder/);
      expect(pulled.stderr).toMatch(/its file "\.\.\/\.git\/config" has the segment "\.\."/);
      expect(fs.existsSync(path.join(scratch, 'OUTSIDE.md'))).toBe(false);
      expect(listFiles(scratch).filter((f) => !f.startsWith(`parent${path.sep}.git${path.sep}`))).toEqual([]);
      expect(read(parent, '.git/config')).toBe(configBefore);
    } finally {
      await proxy.close();
    }
  });

  it('recorded references naming another host or a hidden file: no request leaves for that host, nothing is written (.git/hooks, .vscode)', async () => {
    const k = await buildKeyedItem(t);
    const evil = await startEvilHost();
    // A real page with a real uploaded image: its recorded reference is what the proxy rewrites.
    const src = tempFolder();
    fs.copyFileSync(path.resolve('tests/fixtures/vitepress-docs/guide/images/pixel.png'), path.join(src, 'pixel.png'));
    write(src, 'page.md', '# Page\n\n![pixel](./pixel.png)\n');
    expect((await runDocs(['push', src], { cwd: src, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const variants: ((served: string) => string[][])[] = [
      (served) => [
        [`${evil.origin}/hook`, './hook', 'hooks/post-checkout'],
        [served, './pixel.png', 'pixel.png'],
      ],
      (served) => [[served, './x', '.git/hooks/post-checkout']],
      (served) => [
        [`${evil.origin}/settings`, './s.json', '.vscode/settings.json'],
        [served, './pixel.png', 'pixel.png'],
      ],
    ];
    try {
      for (const variant of variants) {
        const proxy = await startProxy((action, data) => {
          if (action !== 'sync/pages') return;
          for (const page of data.pages) {
            const [[served]] = JSON.parse(page.source_refs) as [[string]];
            page.source_refs = JSON.stringify(variant(served));
          }
        });
        try {
          const repo = gitRepo();
          const configBefore = read(repo, '.git/config');
          const pulled = await runDocs(['pull', '.'], { cwd: repo, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
          expect(pulled.code).toBe(ExitCode.ERROR);
          expect(pulled.stderr).toMatch(/pull refused, nothing was written[\s\S]*page \d+ "Page": its recorded references: entry 1: the file /);
          expect(listFiles(repo).filter((f) => !f.startsWith(`.git${path.sep}`))).toEqual([]);
          expect(fs.existsSync(path.join(repo, '.git/hooks/post-checkout'))).toBe(false);
          expect(read(repo, '.git/config')).toBe(configBefore);
        } finally {
          await proxy.close();
        }
      }
      expect(evil.requests).toEqual([]);
    } finally {
      await evil.close();
    }
  });

  it('an attachment URL naming another host is fetched from the configured server only', async () => {
    const k = await buildKeyedItem(t);
    const evil = await startEvilHost();
    const src = tempFolder();
    const png = fs.readFileSync(path.resolve('tests/fixtures/vitepress-docs/guide/images/pixel.png'));
    fs.writeFileSync(path.join(src, 'pixel.png'), png);
    write(src, 'page.md', '# Page\n\n![pixel](./pixel.png)\n');
    expect((await runDocs(['push', src], { cwd: src, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const proxy = await startProxy((action, data) => {
      if (action !== 'sync/pages') return;
      for (const page of data.pages) {
        const refs = JSON.parse(page.source_refs) as string[][];
        const served = refs[0]![0]!;
        page.page_content = page.page_content.replace(served, `${evil.origin}${served}`);
        refs[0]![0] = `${evil.origin}${served}`;
        page.source_refs = JSON.stringify(refs);
      }
    });
    try {
      const dir = tempFolder();
      const pulled = await runDocs(['pull', dir], { cwd: dir, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
      expect(pulled.code, pulled.stderr).toBe(ExitCode.OK);
      expect(fs.readFileSync(path.join(dir, 'pixel.png')).equals(png)).toBe(true);
      expect(read(dir, 'page.md')).toContain('![pixel](./pixel.png)');
      expect(evil.requests).toEqual([]);
    } finally {
      await proxy.close();
      await evil.close();
    }
  });

  it('a redirect answered for an attachment is not followed to another host', async () => {
    const k = await buildKeyedItem(t);
    const evil = await startEvilHost();
    const src = tempFolder();
    fs.copyFileSync(path.resolve('tests/fixtures/vitepress-docs/guide/images/pixel.png'), path.join(src, 'pixel.png'));
    write(src, 'page.md', '# Page\n\n![pixel](./pixel.png)\n');
    expect((await runDocs(['push', src], { cwd: src, env: envFor(t, k) })).code).toBe(ExitCode.OK);
    const proxy = await startProxy(
      () => {},
      (url) => (url.startsWith('/api/attachment/visitFile') ? { status: 302, headers: { location: `${evil.origin}/latest/meta-data` } } : null),
    );
    try {
      const dir = tempFolder();
      const pulled = await runDocs(['pull', dir], { cwd: dir, env: { ...envFor(t, k), DOCS_SERVER: proxy.url } });
      expect(pulled.code).toBe(ExitCode.ERROR);
      expect(pulled.stderr).toMatch(/visitFile\?sign=[0-9a-f]{32}: not fetched, the server answered a redirect \(HTTP 302\)/);
      expect(fs.existsSync(path.join(dir, 'pixel.png'))).toBe(false);
      expect(evil.requests).toEqual([]);
    } finally {
      await proxy.close();
      await evil.close();
    }
  });

  it('the client fetches files of the configured server only, whatever URL it is handed', async () => {
    const evil = await startEvilHost();
    try {
      const client = new SyncClient({ server: t.url, apiKey: 'k', apiToken: 't' });
      for (const url of [
        `${evil.origin}/x`,
        `//127.0.0.1:${new URL(evil.origin).port}/x`,
        `${evil.origin}/api/attachment/visitFile?sign=0123456789abcdef0123456789abcdef`,
      ]) {
        await expect(client.download(url)).rejects.toThrow(
          /not fetched, it is not on http:\/\/127\.0\.0\.1:\d+ \(files are downloaded only from the configured server\)/,
        );
        await expect(client.downloadNamed(url)).rejects.toThrow(/not fetched/);
      }
      expect(evil.requests).toEqual([]);
    } finally {
      await evil.close();
    }
  });

  it('a file added in the web UI is never written through an assets/ link into .git/hooks', async () => {
    const k = await buildKeyedItem(t);
    await apply(k, [{ op: 'create', cat_path: [], title: 'Page', content: 'Text.', source_path: 'page.md' }]);
    const page = (await t.call('sync/tree', creds(k))).data.pages[0];
    const image = await uploadFile(t, 'page/uploadImg', {
      token: k.owner.token,
      field: 'editormd-image-file',
      filename: 'post-checkout.png',
      bytes: PNG_BYTES,
      type: 'image/png',
      params: { item_id: k.item_id, page_id: page.page_id },
    });
    const saved = await t.call(
      'page/save',
      { item_id: k.item_id, page_id: page.page_id, page_title: 'Page', page_content: `Text.\n\n![shot](${image.body.url})\n`, cat_id: 0 },
      { token: k.owner.token },
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    const repo = gitRepo();
    fs.symlinkSync('.git/hooks', path.join(repo, 'assets'));
    const hooksBefore = listFiles(path.join(repo, '.git/hooks'));
    const pulled = await runDocs(['pull', '.'], { cwd: repo, env: envFor(t, k) });
    expect(pulled.code).toBe(ExitCode.ERROR);
    expect(pulled.stderr).toMatch(/"assets\/post-checkout\.png": refused, it goes through the symbolic link assets/);
    expect(listFiles(path.join(repo, '.git/hooks'))).toEqual(hooksBefore);
    // Without the link the same pull writes the root page's file to assets/ (not ./assets/, which the rule refuses).
    fs.rmSync(path.join(repo, 'assets'));
    const again = await runDocs(['pull', '.'], { cwd: repo, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(fs.readFileSync(path.join(repo, 'assets/post-checkout.png')).equals(PNG_BYTES)).toBe(true);
    expect(read(repo, 'page.md')).toContain('![shot](./assets/post-checkout.png)');
    expect(listFiles(path.join(repo, '.git/hooks'))).toEqual(hooksBefore);
  });

  it('a .docs/ that is a symbolic link (a cloned repository could carry one) stops the sync before it writes anything', async () => {
    const k = await buildKeyedItem(t);
    await apply(k, [{ op: 'create', cat_path: [], title: 'Page', content: 'Text.', source_path: 'page.md' }]);
    const repo = gitRepo();
    fs.mkdirSync(path.join(repo, 'docs'));
    fs.symlinkSync('../.git/hooks', path.join(repo, 'docs/.docs'));
    const hooksBefore = listFiles(path.join(repo, '.git/hooks'));
    const pulled = await runDocs(['pull', 'docs'], { cwd: repo, env: envFor(t, k) });
    expect(pulled.code).toBe(ExitCode.ERROR);
    expect(pulled.stderr).toMatch(/\.docs: a symbolic link; the sync keeps its state in a real folder/);
    expect(fs.readdirSync(path.join(repo, 'docs'))).toEqual(['.docs']);
    expect(listFiles(path.join(repo, '.git/hooks'))).toEqual(hooksBefore);
  });

  it('a symbolic link in the folder is never crossed: a page whose folder is a link to .git is refused', async () => {
    const k = await buildKeyedItem(t);
    await apply(k, [{ op: 'create', cat_path: ['guide'], title: 'Hooks', content: '#!/bin/sh\ntouch PWNED\n', source_path: 'guide/post-checkout.md' }]);
    const repo = gitRepo();
    fs.mkdirSync(path.join(repo, 'docs'));
    fs.symlinkSync('../.git/hooks', path.join(repo, 'docs/guide'));
    const pulled = await runDocs(['pull', 'docs'], { cwd: repo, env: envFor(t, k) });
    expect(pulled.code).toBe(ExitCode.ERROR);
    expect(pulled.stderr).toMatch(/"guide(\/post-checkout\.md)?": refused, it goes through the symbolic link guide/);
    expect(fs.existsSync(path.join(repo, '.git/hooks/post-checkout.md'))).toBe(false);
  });
});
