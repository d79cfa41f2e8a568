import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_VERSION } from '../../cli/program.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { installCli, packCli } from './packCli.ts';
import { envFor, tempFolder, write } from './run.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildKeyedItem } from '../helpers/factories.ts';

const exec = promisify(execFile);

let t: TestServer;
let work: string;
beforeAll(async () => {
  t = await startTestServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cli-pack-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the stand-alone CLI package (@folio/docs-cli)', () => {
  it('packs, installs into an empty folder without the server, prints its version and pushes to a real server', async () => {
    const tarball = await packCli(path.join(work, 'pack'));
    const installed = await installCli(tarball, path.join(work, 'ci-job'));
    const modules = path.join(work, 'ci-job/node_modules');
    // None of the server's packages came along.
    for (const serverOnly of ['koa', 'knex', 'better-sqlite3', 'pg', 'react', 'jsdom', 'vite'])
      expect(fs.existsSync(path.join(modules, serverOnly)), serverOnly).toBe(false);

    const version = await exec(installed.bin, ['--version']);
    expect(version.stdout).toBe(`${CLI_VERSION}\n`);
    const help = await exec(installed.bin, ['--help']);
    expect(help.stdout).toMatch(/push \[options\] \[dir\]/);
    expect(help.stdout).not.toMatch(/\bserve\b/);

    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    write(dir, 'index.md', '# Home\n');
    write(dir, 'guide/setup.md', '---\ntitle: Setup\norder: 1\n---\nInstall it.\n');
    const pushed = await exec(installed.bin, ['push', dir], { env: { ...process.env, ...envFor(t, k), CI: 'true' } });
    expect(pushed.stderr).toMatch(/pushed 2 change\(s\)/);
    const tree = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    expect((tree.data.pages as { cat_path: string[]; page_title: string }[]).map((p) => [...p.cat_path, p.page_title].join('/')).sort()).toEqual([
      'Home',
      'guide/Setup',
    ]);

    // The format libraries are optional peers: not installed, and only the command that needs
    // one says so (exit 1, one line naming the package); an OpenAPI import and a Markdown export
    // work without them.
    for (const optionalPeer of ['docx', 'exceljs', '@resvg/resvg-js']) expect(fs.existsSync(path.join(modules, optionalPeer)), optionalPeer).toBe(false);
    const env = { ...process.env, ...envFor(t, k), CI: 'true' };
    const word = await exec(installed.bin, ['export', '--format', 'word', '--output', path.join(work, 'item.docx')], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(word.code).toBe(1);
    expect(word.stderr).toBe(
      'error: Word export (docs export --format word) needs the package docx, which @folio/docs-cli does not install by default: run `npm install docx` where the CLI is installed\n',
    );
    const spec = npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json');
    await exec(installed.bin, ['import', spec], { env });
    const afterImport = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
    // Filed where the web import files it: the spec's tags as catalogs at the item's root.
    const apiPages = (afterImport.data.pages as { stable_key: string | null }[]).filter((p) => p.stable_key?.startsWith('openapi:'));
    expect(apiPages.length).toBe(20);
    const zip = path.join(work, 'item.zip');
    await exec(installed.bin, ['export', '--format', 'markdown', '--output', zip], { env });
    expect(fs.statSync(zip).size).toBeGreaterThan(1000);
  }, 600_000);
});
