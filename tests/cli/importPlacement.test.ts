import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../cli/errors.ts';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { runDocs } from './run.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * Issue #26: the web import and `docs import` of the same API must file it under the same
 * catalogs, so a CLI re-import after a web import leaves one set. The spec is Netlify's real
 * Swagger 2.0 description (@netlify/open-api 2.52.0, MIT), whose operations carry tags.
 */
const SPEC = npmFixture('@netlify/open-api@2.52.0', 'dist/swagger.json');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '16' } });
});
afterAll(() => t.close());

const catalogs = async (itemId: number) =>
  (await t.services.db('catalogs').where({ item_id: itemId }).select('cat_id', 'cat_name', 'parent_cat_id')) as {
    cat_id: number;
    cat_name: string;
    parent_cat_id: number;
  }[];

describe('web import, then docs import of the same spec', () => {
  it('lands on one set of catalogs: the same catalogs hold the same pages, none repeated or left empty', async () => {
    const owner = await buildUser(t);
    const r = await uploadFile(t, 'import/auto', { token: owner.token, filename: 'swagger.json', bytes: fs.readFileSync(SPEC), params: { password: '' } });
    expect(r.body.error_code, r.body.error_message).toBe(0);
    const itemId = Number(r.body.data.item_id);
    const before = await catalogs(itemId);
    const pagesBefore = await t.services.db('pages').where({ item_id: itemId, is_del: 0 }).orderBy('page_id').select('page_id', 'cat_id');
    expect(before.length).toBeGreaterThan(3);

    const key = await t.call('item/getKey', { item_id: itemId }, { token: owner.token });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-import-'));
    fs.copyFileSync(SPEC, path.join(dir, 'swagger.json'));
    const cli = await runDocs(['import', 'swagger.json', '--json'], {
      cwd: dir,
      env: { DOCS_SERVER: t.url, DOCS_API_KEY: key.data.api_key, DOCS_API_TOKEN: key.data.api_token },
    });
    expect(cli.code, cli.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(cli.stdout).summary).toMatchObject({ create: 0, move: 0 });

    const after = await catalogs(itemId);
    expect(after.map((c) => [c.cat_id, c.parent_cat_id, c.cat_name])).toEqual(before.map((c) => [c.cat_id, c.parent_cat_id, c.cat_name]));
    const names = after.map((c) => `${c.parent_cat_id}/${c.cat_name}`);
    expect(new Set(names).size).toBe(names.length);
    const pagesAfter = await t.services.db('pages').where({ item_id: itemId, is_del: 0 }).orderBy('page_id').select('page_id', 'cat_id');
    expect(pagesAfter).toEqual(pagesBefore);
    for (const c of after)
      expect(
        pagesAfter.some((p: { cat_id: number }) => p.cat_id === c.cat_id),
        c.cat_name,
      ).toBe(true);
  }, 120_000);
});
