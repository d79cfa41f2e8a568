import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/**
 * The API gate of `docs plan` / `docs push` against the real server, on two consecutive releases
 * of a real public API: Netlify's Swagger 2.0 description (@netlify/open-api 2.52.0 → 2.53.0, MIT,
 * aliased dev dependencies). 2.53.0 adds a required request property to an existing operation.
 */
const specText = (version: string) => fs.readFileSync(npmFixture(`@netlify/open-api@${version}`, 'dist/swagger.json'), 'utf8');

/** Operations counted straight from a document (method + path, path parameter names blanked), independently of the snapshot code. */
function operationSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries<any>(JSON.parse(text).paths)) {
    for (const method of Object.keys(item))
      if (['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) out.add(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`);
  }
  return out;
}

let t: TestServer;
let k: KeyedItem;
let dir: string;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
  k = await buildKeyedItem(t);
  dir = tempFolder();
  write(dir, 'intro.md', '# Netlify API\n');
  write(dir, 'api/netlify.json', specText('2.52.0'));
});
afterAll(() => t.close());

const versions = async () => (await t.call('apiChange/list', { item_id: k.item_id }, { token: k.owner.token })).data.versions as any[];
const serverState = async () => {
  const tree = (await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token })).data;
  return tree.pages.map((p: any) => `${p.page_id}:${p.revision}:${p.content_hash}`).sort();
};

describe('docs push / plan and API versions (Netlify 2.52.0 → 2.53.0)', () => {
  it('records the first push of a spec file as version 1, every operation added', async () => {
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const v = await versions();
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ number: 1, source: { name: 'api/netlify.json', kind: 'openapi', stream: 'api/netlify.json' }, author: { username: 'API' } });
    expect(v[0].summary).toEqual({ added: operationSet(specText('2.52.0')).size, removed: 0, changed: 0, breaking: 0 });
    // A push that changes nothing records nothing.
    const again = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    expect(await versions()).toHaveLength(1);
  }, 120_000);

  it("docs plan prints the API diff against the server's latest version, breaking change first and marked", async () => {
    write(dir, 'api/netlify.json', specText('2.53.0'));
    const text = await runDocs(['plan', dir], { cwd: dir, env: envFor(t, k) });
    expect(text.code, text.stderr).toBe(ExitCode.OK);
    expect(text.stdout).toMatch(/API changes in api\/netlify\.json \(against version 1\): \d+ added, \d+ removed, \d+ changed, 1 breaking/);
    const block = text.stdout.slice(text.stdout.indexOf('API changes in'));
    const firstOp = block.split('\n')[1]!;
    expect(firstOp).toMatch(/^ {2}BREAKING +changed +POST \/sites\/\{site_id\}\/database\/branch$/);
    expect(block).toContain(
      '! required property branch_id was added (paths./sites/{site_id}/database/branch.post.requestBody.content.application/json.schema.properties.branch_id)',
    );

    const json = await runDocs(['plan', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    const change = JSON.parse(json.stdout).api_changes[0];
    const a = operationSet(specText('2.52.0'));
    const b = operationSet(specText('2.53.0'));
    expect(change).toMatchObject({ source: 'api/netlify.json', against_version: 1 });
    expect(change.summary.added).toBe([...b].filter((op) => !a.has(op)).length);
    expect(change.summary.removed).toBe([...a].filter((op) => !b.has(op)).length);
    expect(change.summary.breaking).toBe(1);
    expect(change.operations[0]).toMatchObject({ method: 'POST', change: 'changed', breaking: true });

    const gated = await runDocs(['plan', dir, '--fail-on-breaking'], { cwd: dir, env: envFor(t, k) });
    expect(gated.code).toBe(ExitCode.BREAKING);
  }, 120_000);

  it('docs push --fail-on-breaking exits 4 and writes nothing', async () => {
    const before = await serverState();
    const r = await runDocs(['push', dir, '--fail-on-breaking', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/breaking API change: api\/netlify\.json \(1 breaking\); nothing was pushed/);
    const out = JSON.parse(r.stdout);
    expect(out.applied).toBe(0);
    expect(out.api_changes[0].summary.breaking).toBe(1);
    expect(await serverState()).toEqual(before);
    expect(await versions()).toHaveLength(1);
  }, 120_000);

  it('docs push records version 2 whose counts equal a count made from the two documents', async () => {
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const v = await versions();
    expect(v.map((x) => x.number)).toEqual([2, 1]);
    const a = operationSet(specText('2.52.0'));
    const b = operationSet(specText('2.53.0'));
    expect(v[0].summary).toMatchObject({ added: [...b].filter((op) => !a.has(op)).length, removed: [...a].filter((op) => !b.has(op)).length, breaking: 1 });
    // The changed operation links to its pushed page, keyed by the file.
    const info = (await t.call('apiChange/info', { version_id: v[0].version_id }, { token: k.owner.token })).data;
    const page = await t.services.db('pages').where({ page_id: info.operations[0].page_id }).first('stable_key');
    expect(page.stable_key).toMatch(/^api\/netlify\.json#openapi:/);
    // Now the gate passes: nothing breaking against version 2.
    const gated = await runDocs(['push', dir, '--fail-on-breaking'], { cwd: dir, env: envFor(t, k) });
    expect(gated.code, gated.stderr).toBe(ExitCode.OK);
  }, 120_000);

  it('counts a spec file removed from the folder, whose pages --prune deletes, as every operation removed', async () => {
    fs.rmSync(`${dir}/api/netlify.json`);
    const all = operationSet(specText('2.53.0')).size;
    const before = await serverState();
    const gated = await runDocs(['push', dir, '--prune', '--allow-mass-delete', '--fail-on-breaking'], { cwd: dir, env: envFor(t, k) });
    expect(gated.code, gated.stderr).toBe(ExitCode.BREAKING);
    expect(gated.stdout).toContain(`API changes in api/netlify.json (against version 2): 0 added, ${all} removed, 0 changed, ${all} breaking`);
    expect(await serverState()).toEqual(before);
    // Without --prune the pages stay, and so does the API.
    const kept = await runDocs(['plan', dir, '--fail-on-breaking', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(kept.code, kept.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(kept.stdout).api_changes).toEqual([]);
    const pruned = await runDocs(['push', dir, '--prune', '--allow-mass-delete'], { cwd: dir, env: envFor(t, k) });
    expect(pruned.code, pruned.stderr).toBe(ExitCode.OK);
    const v = await versions();
    expect(v.map((x) => x.number)).toEqual([3, 2, 1]);
    expect(v[0]).toMatchObject({
      source: { name: 'api/netlify.json', stream: 'api/netlify.json' },
      summary: { added: 0, removed: all, changed: 0, breaking: all },
    });
    // Recorded once: the next push finds nothing more to say.
    const again = await runDocs(['plan', dir, '--prune', '--json'], { cwd: dir, env: envFor(t, k) });
    expect(JSON.parse(again.stdout).api_changes).toEqual([]);
  }, 120_000);

  it('documents exit code 4 in docs --help', async () => {
    const r = await runDocs(['--help'], { cwd: dir });
    expect(r.stdout).toMatch(/4 breaking API change \(--fail-on-breaking/);
  });
});
