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
    const r = (await db.raw("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")) as { rows: { name: string }[] };
    return r.rows.map((x) => x.name);
  }
  return ((await db.raw("select name from sqlite_master where type = 'table'")) as { name: string }[]).map((r) => r.name);
}

describe('server/models', () => {
  it('has exactly one model for every table of the migrated schema, keyed by columns that exist', async () => {
    const tables = (await tableNames())
      .filter((n) => !n.startsWith('knex_') && !n.startsWith('sqlite_'))
      .sort();
    const modelled = modelClasses.map((m) => m.tableName).sort();
    expect(modelled).toEqual(tables);
    for (const m of modelClasses) {
      const columns = Object.keys(await db(m.tableName).columnInfo());
      const ids = Array.isArray(m.idColumn) ? m.idColumn : [m.idColumn];
      for (const id of ids) expect(columns, `${m.name}.idColumn ${id}`).toContain(id);
    }
  });

  it('builds every relation against real columns', async () => {
    let relations = 0;
    for (const m of modelClasses) {
      for (const name of Object.keys(m.getRelations())) {
        // Running the related query proves the join columns (and the through table) exist.
        await expect(m.relatedQuery(name, db).for(1), `${m.name}.${name}`).resolves.toEqual([]);
        relations++;
      }
    }
    expect(relations).toBeGreaterThan(30);
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
      .then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(isUniqueViolationOn(err, 'username')).toBe(true);
    expect(isUniqueViolationOn(err, 'email')).toBe(false);
  });
});
