import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL, pgUrlFor, TEST_ENGINE } from '../helpers/db.ts';
import { runToEnd, serve } from './processes.ts';

/**
 * Upgrades: a database written by the previous release (commit 1bbe749; made by
 * tests/security/fixtures/previous-release/make.sh, which runs that release's own code) is taken
 * forward by this release's `bin/docs migrate` and then served by `bin/docs serve`, both as real
 * processes: every item, page, history row, attachment (bytes included), member, team and
 * template is still there, and the session the old release issued still logs its user in.
 * Runs on the engine under test (TEST_DB): the SQLite file, or the PostgreSQL dump loaded into a
 * fresh database.
 */
const FIXTURES = fileURLToPath(new URL('./fixtures/previous-release/', import.meta.url));
const engine = TEST_ENGINE;
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${engine}.json`), 'utf8')) as {
  alice: { uid: number; token: string; password: string };
  bob: { uid: number; password: string };
  item_id: number;
  item_password: string;
  page_id: number;
  page_content: string;
  history_rows: number;
  pages: number;
  file: { sign: string; display_name: string; bytes: string };
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A data directory holding the previous release's uploads (and its SQLite file), plus the env that points at the database. */
async function restoreFixture(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-upgrade-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  fs.cpSync(path.join(FIXTURES, `${engine}-uploads`), path.join(dataDir, 'uploads'), { recursive: true });
  if (engine === 'sqlite') {
    fs.copyFileSync(path.join(FIXTURES, 'folio.sqlite'), path.join(dataDir, 'folio.sqlite'));
    return { DATA_DIR: dataDir };
  }
  const name = `folio_upgrade_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`).finally(() => admin.destroy());
  cleanups.push(async () => {
    const a = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
    await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.destroy());
  });
  // The dump is plain SQL (pg_dump --inserts); one connection runs it and is thrown away, since
  // the dump changes that session's search_path.
  const loader = knexFactory({ client: 'pg', connection: pgUrlFor(name), pool: { min: 1, max: 1 } });
  try {
    await loader.raw(fs.readFileSync(path.join(FIXTURES, 'pg.sql'), 'utf8'));
  } finally {
    await loader.destroy();
  }
  return { DATA_DIR: dataDir, DATABASE_URL: pgUrlFor(name) };
}

describe(`upgrade from the previous release (${engine})`, () => {
  it('migrates forward with docs migrate, serves with docs serve, loses nothing and keeps everyone logged in', async () => {
    const env = await restoreFixture();
    const migrated = await runToEnd(['migrate'], env);
    expect(migrated.code, migrated.out).toBe(0);
    // Twice is harmless: nothing left to run.
    expect((await runToEnd(['migrate'], env)).code).toBe(0);

    const server = await serve(env);
    cleanups.push(() => server.kill());
    const url = server.url;
    const api = async (name: string, params: Record<string, string | number>, token?: string) => {
      const res = await fetch(`${url}/api/${name}`, {
        method: 'POST',
        headers: token ? { 'X-API-Token': token } : {},
        body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      return (await res.json()) as { error_code: number; error_message?: string; data: any };
    };
    const token = expected.alice.token;

    // The old release's session still logs alice in.
    const me = await api('user/info', {}, token);
    expect(me.error_code, me.error_message).toBe(0);
    expect(Number(me.data.uid)).toBe(expected.alice.uid);
    // Accounts from before the LDAP link existed are local ones, and log in with their own password.
    expect(me.data).toMatchObject({ auth_source: 'local', pending_email: '' });
    expect((await api('user/login', { username: 'bob', password: expected.bob.password })).error_code).toBe(0);

    // Items, catalogs, pages, history.
    const info = await api('item/info', { item_id: expected.item_id }, token);
    expect(info.error_code, info.error_message).toBe(0);
    expect(info.data.item_name).toBe('Release item 发布');
    // Items from before comments existed get the defaults of new ones (issue #24): members comment, feedback on, no watermark.
    expect(info.data).toMatchObject({ allow_comment: 1, allow_feedback: 1, show_watermark: 0 });
    const menu = JSON.stringify(info.data.menu);
    for (const text of ['Guide 指南', 'Install', 'Readme']) expect(menu).toContain(text);
    const page = await api('page/info', { page_id: expected.page_id }, token);
    expect(page.data.page_content).toBe(expected.page_content);
    const history = await api('page/history', { page_id: expected.page_id }, token);
    expect(history.data).toHaveLength(expected.history_rows);

    // The item password still guards the item; the old hash still opens it.
    expect((await api('item/info', { item_id: expected.item_id })).error_code).toBe(10303);
    expect((await api('item/pwd', { item_id: expected.item_id, password: expected.item_password })).error_code).toBe(0);

    // The attachment: listed on its page, and its bytes served.
    const files = await api('page/uploadList', { page_id: expected.page_id }, token);
    expect(files.data.map((f: { display_name: string }) => f.display_name)).toEqual([expected.file.display_name]);
    const bytes = await fetch(`${url}/api/attachment/visitFile?sign=${expected.file.sign}`);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe(expected.file.bytes);

    // Members, teams, templates.
    const members = await api('member/getList', { item_id: expected.item_id }, token);
    expect(members.data.map((m: { username: string }) => m.username)).toContain('bob');
    expect((await api('team/getList', {}, token)).data.map((t: { team_name: string }) => t.team_name)).toEqual(['Release team']);
    expect((await api('template/getMyList', {}, token)).data.map((t: { template_title: string }) => t.template_title)).toEqual(['Release template']);

    // And the upgraded database takes writes.
    const saved = await api(
      'page/save',
      { page_id: expected.page_id, item_id: expected.item_id, page_title: 'Install', page_content: 'after the upgrade' },
      token,
    );
    expect(saved.error_code, saved.error_message).toBe(0);
    expect((await api('page/history', { page_id: expected.page_id }, token)).data).toHaveLength(expected.history_rows + 1);
  }, 900_000);
});
