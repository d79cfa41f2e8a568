import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { envFor, runDocs, tempFolder, write } from './run.ts';
import { buildKeyedItem, type KeyedItem } from '../helpers/factories.ts';

/** Redocly's openapi-starter (see tests/cli/data/README.md): openapi.yaml + paths/ + components/ + webhooks/. */
const CAFE = path.resolve(import.meta.dirname, 'data/redocly-cafe');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function pages(k: KeyedItem) {
  const r = await t.call('sync/tree', { api_key: k.api_key, api_token: k.api_token });
  return r.data.pages as { page_id: number; cat_path: string[]; page_title: string }[];
}

describe('a multi-file OpenAPI description', () => {
  it('is bundled into one API (12 operations + 1 webhook) whose pages carry the referenced parts; the part files are not pages', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(CAFE);
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    const all = await pages(k);
    expect(all).toHaveLength(13);
    expect(new Set(all.map((p) => p.cat_path.slice(0, 2).join('/')))).toEqual(new Set(['openapi/Redocly Cafe']));
    expect(all.map((p) => p.page_title)).toContain('List all menu items');
    expect(all.map((p) => p.page_title)).toContain('Order notification webhook');
    const list = all.find((p) => p.page_title === 'List all menu items')!;
    const content = (await t.call('page/info', { page_id: list.page_id }, { token: k.owner.token })).data.page_content as string;
    // From components/parameters/Limit.yaml, reached through paths/menu.yaml.
    expect(content).toMatch(/\|limit\|no\|integer\|/);
    // An edit in a part file updates the page that uses it, in place.
    const limitFile = path.join(dir, 'openapi/components/parameters/Limit.yaml');
    fs.writeFileSync(limitFile, fs.readFileSync(limitFile, 'utf8').replace('Specify the number of results per page.', 'How many results a page holds.'));
    const again = await runDocs(['push', dir, '--json'], { cwd: dir, env: envFor(t, k) });
    expect(again.code, again.stderr).toBe(ExitCode.OK);
    const summary = JSON.parse(again.stdout).summary;
    expect(summary.create).toBe(0);
    expect(summary.update).toBeGreaterThan(0);
    const updated = (await t.call('page/info', { page_id: list.page_id }, { token: k.owner.token })).data.page_content as string;
    expect(updated).toContain('How many results a page holds.');
  }, 60_000);

  // Redocly's openapi-starter keeps a redocly.yaml beside its description; its `openapi:` section
  // (code-sample settings) made the sync take it for an API with a bad version, blocking the push.
  it('leaves configuration files with an `openapi:` section (redocly.yaml) and package.json alone', async () => {
    const k = await buildKeyedItem(t);
    const dir = tempFolder(CAFE);
    write(
      dir,
      'redocly.yaml',
      'apis:\n  sample@v1:\n    root: openapi/openapi.yaml\nextends:\n  - recommended\nopenapi:\n  codeSamples:\n    languages:\n      - lang: curl\n',
    );
    write(dir, 'package.json', '{ "name": "openapi-starter", "scripts": { "start": "redocly preview-docs" } }\n');
    const r = await runDocs(['push', dir], { cwd: dir, env: envFor(t, k) });
    expect(r.code, r.stderr).toBe(ExitCode.OK);
    expect(r.stdout + r.stderr).not.toMatch(/redocly\.yaml|package\.json/);
    expect(await pages(k)).toHaveLength(13);
  });

  it('names the file at fault: a missing part, broken YAML in a part; an invalid but readable description is a warning', async () => {
    const k = await buildKeyedItem(t);
    const missing = tempFolder(CAFE);
    fs.rmSync(path.join(missing, 'openapi/components/schemas/Error.yaml'));
    const r1 = await runDocs(['plan', missing], { cwd: missing, env: envFor(t, k) });
    expect(r1.code).toBe(ExitCode.ERROR);
    expect(r1.stderr).toMatch(
      /\n {2}openapi\/components\/responses\/\w+\.yaml: a \$ref points at openapi\/components\/schemas\/Error\.yaml, which does not exist/,
    );

    const broken = tempFolder(CAFE);
    write(broken, 'openapi/components/schemas/Page.yaml', 'type: object\nproperties: [unclosed\n');
    const r2 = await runDocs(['plan', broken], { cwd: broken, env: envFor(t, k) });
    expect(r2.code).toBe(ExitCode.ERROR);
    expect(r2.stderr).toMatch(/\n {2}openapi\/components\/schemas\/Page\.yaml: /);

    const invalid = tempFolder(CAFE);
    const menu = path.join(invalid, 'openapi/paths/menu.yaml');
    fs.writeFileSync(menu, fs.readFileSync(menu, 'utf8').replace("    '200':\n", "    'two hundred':\n"));
    const r3 = await runDocs(['plan', invalid], { cwd: invalid, env: envFor(t, k) });
    expect(r3.code, r3.stderr).toBe(ExitCode.OK);
    expect(r3.stderr).toMatch(/(^|\n)warning: openapi\/paths\/menu\.yaml: OpenAPI validation: #\/paths\/~1menu\/get\/responses /);
    expect(await pages(k)).toEqual([]);
  }, 60_000);

  it('reports every fault of the description at once, each naming its file; validation problems are warnings of a push that goes through', async () => {
    const k = await buildKeyedItem(t);
    // Resolver faults: a missing part and an unparsable part.
    const both = tempFolder(CAFE);
    fs.rmSync(path.join(both, 'openapi/components/schemas/Error.yaml'));
    write(both, 'openapi/components/schemas/Page.yaml', 'type: object\nproperties: [unclosed\n');
    const r1 = await runDocs(['plan', both], { cwd: both, env: envFor(t, k) });
    expect(r1.code).toBe(ExitCode.ERROR);
    expect(r1.stderr).toMatch(/\n {2}openapi\/components\/schemas\/Page\.yaml: /);
    expect(r1.stderr).toMatch(/\n {2}openapi\/components\/responses\/\w+\.yaml: a \$ref points at openapi\/components\/schemas\/Error\.yaml/);

    // Validation faults in two part files (and one in the root file): readable, so pushed, with a warning for each.
    const invalid = tempFolder(CAFE);
    for (const rel of ['openapi/paths/menu.yaml', 'openapi/paths/orders.yaml']) {
      const file = path.join(invalid, rel);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("    '200':\n", "    'two hundred':\n"));
    }
    const root = path.join(invalid, 'openapi/openapi.yaml');
    fs.writeFileSync(root, fs.readFileSync(root, 'utf8').replace(/^info:\n/m, 'info:\n  bogus_key: 1\n'));
    const r2 = await runDocs(['plan', invalid], { cwd: invalid, env: envFor(t, k) });
    expect(r2.code, r2.stderr).toBe(ExitCode.OK);
    expect(r2.stderr).toMatch(/(^|\n)warning: openapi\/paths\/menu\.yaml: OpenAPI validation: #\/paths\/~1menu\/get\/responses /);
    expect(r2.stderr).toMatch(/(^|\n)warning: openapi\/paths\/orders\.yaml: OpenAPI validation: #\/paths\/~1orders\/\w+\/responses /);
    expect(r2.stderr).toMatch(/(^|\n)warning: openapi\/openapi\.yaml: OpenAPI validation: #\/info /);
    expect(await pages(k)).toEqual([]);
    const pushed = await runDocs(['push', invalid, '--json'], { cwd: invalid, env: envFor(t, k) });
    expect(pushed.code, pushed.stderr).toBe(ExitCode.OK);
    expect(pushed.stderr).toMatch(/(^|\n)warning: openapi\/openapi\.yaml: OpenAPI validation: #\/info /);
    const [api] = JSON.parse(pushed.stdout).api_changes;
    expect(api.warnings).toContainEqual({ path: 'openapi/openapi.yaml', message: expect.stringMatching(/^OpenAPI validation: #\/info /) });
    expect(api.warnings_total).toBeGreaterThanOrEqual(3);
    expect((await pages(k)).length).toBeGreaterThan(0);
  }, 60_000);
});
