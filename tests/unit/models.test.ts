import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolationOn } from '../../server/db/constraints.ts';
import { engineOf, type Db } from '../../server/db/knex.ts';
import * as models from '../../server/models/index.ts';
import { BaseModel } from '../../server/models/BaseModel.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** Every model class exported by server/models (BaseModel itself excluded). */
const modelClasses = Object.values(models).filter((v): v is typeof BaseModel => typeof v === 'function' && v.prototype instanceof BaseModel);

// Two real databases of the engine under test (TEST_DB), migrated.
let a: TestDatabase;
let b: TestDatabase;
let db: Db;
let other: Db;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  db = a.db;
  other = b.db;
});

afterAll(async () => {
  await a?.drop();
  await b?.drop();
});

async function tableNames(): Promise<string[]> {
  if (engineOf(db) === 'pg') {
    const r = (await db.raw("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")) as {
      rows: { name: string }[];
    };
    return r.rows.map((x) => x.name);
  }
  return ((await db.raw("select name from sqlite_master where type = 'table'")) as { name: string }[]).map((r) => r.name);
}

describe('server/models', () => {
  it('has exactly one model for every table of the migrated schema, keyed by columns that exist', async () => {
    const tables = (await tableNames()).filter((n) => !n.startsWith('knex_') && !n.startsWith('sqlite_')).sort();
    const modelled = modelClasses.map((m) => m.tableName).sort();
    expect(modelled).toEqual(tables);
    for (const m of modelClasses) {
      const columns = Object.keys(await db(m.tableName).columnInfo());
      const ids = Array.isArray(m.idColumn) ? m.idColumn : [m.idColumn];
      for (const id of ids) expect(columns, `${m.name}.idColumn ${id}`).toContain(id);
    }
  });

  it('gives inItem to every model whose table has item_id and notDeleted to every one with is_del', async () => {
    for (const m of modelClasses) {
      const columns = Object.keys(await db(m.tableName).columnInfo());
      const modifiers = Object.keys(m.modifiers ?? {});
      // The items table's own item_id is its id: findById, not a modifier.
      const wanted = [...(columns.includes('item_id') && m.idColumn !== 'item_id' ? ['inItem'] : []), ...(columns.includes('is_del') ? ['notDeleted'] : [])];
      expect(modifiers.sort(), m.name).toEqual(wanted.sort());
    }
  });

  it("filters an item's live rows with the modifiers, qualified by the alias in a join", async () => {
    const owner = await models.User.query(db).insert({ username: 'modifier-owner', password_hash: 'x' });
    const [one, two] = await Promise.all([
      models.Item.query(db).insert({ item_name: 'one', uid: owner.uid, username: 'o' }),
      models.Item.query(db).insert({ item_name: 'two', uid: owner.uid, username: 'o' }),
    ]);
    const gone = await models.Item.query(db).insert({ item_name: 'gone', uid: owner.uid, username: 'o', is_del: 1 });
    await models.Page.query(db).insert({ item_id: one.item_id, page_title: 'live' });
    await models.Page.query(db).insert({ item_id: one.item_id, page_title: 'deleted', is_del: 1 });
    await models.Page.query(db).insert({ item_id: two.item_id, page_title: 'elsewhere' });
    const titles = async (q: PromiseLike<{ page_title: string }[]>) => (await q).map((p) => p.page_title).sort();
    expect(await titles(models.Page.query(db).modify('inItem', one.item_id).modify('notDeleted'))).toEqual(['live']);
    expect(await titles(models.Page.query(db).modify('inItem', one.item_id))).toEqual(['deleted', 'live']);
    const joined = models.Page.query(db)
      .alias('p')
      .join('items as i', 'i.item_id', 'p.item_id')
      .modify('inItem', one.item_id)
      .modify('notDeleted')
      .select('p.page_title');
    expect(joined.toKnexQuery().toString()).toMatch(/"p"\."item_id"|`p`\.`item_id`/);
    expect(await titles(joined)).toEqual(['live']);
    const live = (await models.Item.query(db).where({ uid: owner.uid }).modify('notDeleted')).map((i) => i.item_id).sort((a, b) => a - b);
    expect(live).toEqual([one.item_id, two.item_id].sort((a, b) => a - b));
    expect(live).not.toContain(gone.item_id);
  });

  it("leaves no raw db('table') call in server/ outside migrations: tables are reached through their models", () => {
    // db/locks.ts alone: it sits below the models (db/ may not import models/, whose queries it
    // serves) and takes engine-specific row locks (SELECT … FOR UPDATE on PostgreSQL) by table name.
    const allowed = new Set(['server/db/locks.ts']);
    const root = path.resolve(import.meta.dirname, '../..');
    const raw: string[] = [];
    for (const file of fs.readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })) {
      const rel = `server/${file.split(path.sep).join('/')}`;
      if (!rel.endsWith('.ts') || rel.startsWith('server/db/migrations/') || allowed.has(rel)) continue;
      const text = fs.readFileSync(path.join(root, rel), 'utf8');
      for (const m of text.matchAll(/\bdb\(\s*['"`]/g)) raw.push(`${rel}:${text.slice(0, m.index).split('\n').length}`);
    }
    expect(raw).toEqual([]);
  });

  it('queries only the handle it is given: two databases in one process stay apart, none is bound globally', async () => {
    const user = await models.User.query(db).insert({ username: 'only-in-a', password_hash: 'x' });
    expect(user.uid).toBeGreaterThan(0);
    expect(await models.User.query(db).where({ username: 'only-in-a' }).resultSize()).toBe(1);
    expect(await models.User.query(other).where({ username: 'only-in-a' }).resultSize()).toBe(0);
    await db.transaction(async (trx) => {
      await models.User.query(trx).findById(user.uid).patch({ name: 'inside' });
      expect((await models.User.query(trx).findById(user.uid))?.name).toBe('inside');
    });
    expect((await models.User.query(db).findById(user.uid))?.name).toBe('inside');
    expect(() => models.User.query().toKnexQuery()).toThrow();
  });

  it('keeps JSON text columns as the stored text and adds LIMIT 1 to first()', async () => {
    const item = await models.Item.query(db).insert({ item_name: 'i', uid: 1, username: 'only-in-a' });
    const refs = '[["/page/1","./a.md"]]';
    const page = await models.Page.query(db).insert({ item_id: item.item_id, page_title: 'p', ext_info: '{"a":1}', source_refs: refs });
    const read = await models.Page.query(db).findById(page.page_id);
    expect(read?.source_refs).toBe(refs);
    expect(read?.ext_info).toBe('{"a":1}');
    expect(models.Page.query(db).where({ item_id: item.item_id }).first().toKnexQuery().toString()).toMatch(/limit 1$/i);
  });

  it('reports a constraint failure of a model query like a knex one (objection wraps the driver error)', async () => {
    const err = await models.User.query(db)
      .insert({ username: 'only-in-a', password_hash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(isUniqueViolationOn(err, 'username')).toBe(true);
    expect(isUniqueViolationOn(err, 'email')).toBe(false);
  });
});
