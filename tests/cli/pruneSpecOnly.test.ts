import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * Issue #26: `docs push --prune` of a folder (no git) holding only an OpenAPI file, after an
 * operation was removed from it. The mass-deletion guard must count the spec's pages as the
 * folder's pages, and --fail-on-breaking must report the breaking change (exit 4), not exit 1.
 * The spec is Netlify's real Swagger 2.0 description (@netlify/open-api 2.52.0, MIT).
 */
const spec = JSON.parse(fs.readFileSync(npmFixture('@netlify/open-api@2.52.0', 'dist/swagger.json'), 'utf8'));

/** The spec without one operation (the first `get` under `/sites/{site_id}/forms`, whatever it is called). */
function withoutOneOperation(doc: any): { doc: any; removed: string } {
  const copy = structuredClone(doc);
  const path = Object.keys(copy.paths).find((p) => copy.paths[p].get && Object.keys(copy.paths[p]).length > 1)!;
  delete copy.paths[path].get;
  return { doc: copy, removed: `GET ${path}` };
}

let t: TestServer;
let k: KeyedItem;
let dir: string;
let removed: string;
const pages = async () => (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data.pages as any[];

beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  k = await buildKeyedItem(t);
  dir = tempFolder();
  write(dir, 'netlify.json', JSON.stringify(spec, null, 2));
  const first = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
  expect(first.code, first.stderr).toBe(ExitCode.OK);
  const cut = withoutOneOperation(spec);
  removed = cut.removed;
  write(dir, 'netlify.json', JSON.stringify(cut.doc, null, 2));
}, 120_000);
afterAll(() => t.close());

describe('docs push --prune of a folder holding only an OpenAPI file', () => {
  it('--fail-on-breaking reports the removed operation as breaking (exit 4) and writes nothing', async () => {
    const before = await pages();
    const r = await runDocs(['push', '--prune', '--fail-on-breaking', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr + r.stdout).toBe(ExitCode.BREAKING);
    expect(r.stderr + r.stdout).not.toMatch(/refusing to delete/);
    expect(r.stdout + r.stderr).toContain(removed.split(' ')[1]!);
    expect((await pages()).length).toBe(before.length);
  }, 120_000);

  it("without the gate, prunes the removed operation's page: the spec's pages count as the folder's pages", async () => {
    const before = await pages();
    const r = await runDocs(['push', '--prune', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr + r.stdout).toBe(ExitCode.OK);
    expect(r.stderr).not.toMatch(/holds no page/);
    const after = await pages();
    expect(after.length).toBe(before.length - 1);
  }, 120_000);
});
