import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import type { ActionDef } from '../../server/http/action.ts';
import { allActions } from '../../server/routes/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { fieldsToProbe, validParams } from './actionFields.ts';
import { buildCatalog, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Hostile values (issue #13 part 3): every parameter of every action, as an administrator (so the
 * request gets past the rights checks into the commands and queries), gets SQL and full-text
 * query metacharacters, numbers out of every range, text where numbers go, an oversized value,
 * and, in JSON bodies, the wrong type (arrays, objects, booleans, null). The answer is always the
 * JSON envelope with a business code: never HTTP 5xx, never 10500, on SQLite and on PostgreSQL
 * (TEST_DB=pg). Then the database still answers as before (nothing was dropped or corrupted).
 */
let t: TestServer;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await startTestServer({ env: { MAX_REQUEST_MB: '1' } });
  admin = await buildUser(t, { groupid: 1 });
});
afterAll(() => t.close());

/** Text values, sent form-encoded: SQL, LIKE and FTS syntax, numbers, an oversized string. */
const TEXT_VALUES = [
  "' OR '1'='1",
  '1; DROP TABLE pages; --',
  '") OR 1=1 --',
  '%_\\%',
  '"unbalanced',
  'NEAR(a b) OR c* AND -d:e ^f',
  '-1',
  '0',
  '99999999999999999999999',
  '1e308',
  'NaN',
  '1.5',
  '😀 𠮷 \u202e',
  'x'.repeat(200_000),
];

/** Values of the wrong JSON type. */
const JSON_VALUES: unknown[] = [[1, 2], { $gt: 0 }, true, null, -1.5, 2 ** 53 + 2];

/**
 * Actions whose probe may end the world it runs in (delete the item, page or catalog, log the
 * session out, archive or hand the item over, change the site's settings): each of their probes
 * gets a world of its own.
 */
const ENDS_ITS_WORLD = /delete|logout|archive|attorn|exitItem|resetKey|pwd|saveConfig|updateInfo|updateEmail|resetPassword/i;

interface World {
  itemId: number;
  catId: number;
  pageId: number;
  token: string;
}

async function newWorld(): Promise<World> {
  const { token } = await createSession(t.services, admin.uid, 1);
  const owner = { token };
  const itemId = (await buildItem(t, owner)).item_id;
  const catId = await buildCatalog(t, itemId, 'Cat');
  const pageId = await buildPage(t, itemId, { cat_id: catId, page_title: 'Probe page', page_content: 'probe content' });
  return { itemId, catId, pageId, token };
}

/** Site settings go last: a probe there may switch on LDAP or close registration for the rest. */
const ordered = [...allActions].sort((a, b) => Number(a.name.startsWith('adminSetting/')) - Number(b.name.startsWith('adminSetting/')));

async function probe(a: ActionDef, world: World, field: string, value: unknown, json: boolean): Promise<string | null> {
  const r = await t.call(a.name, { ...validParams(world), [field]: value }, { token: world.token, json });
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : JSON.stringify(value);
  if (r.status >= 500 || r.error_code === 10500 || typeof r.error_code !== 'number')
    return `${a.name} ${field}=${shown}${json ? ' (JSON)' : ''}: HTTP ${r.status} ${r.error_code} ${r.error_message ?? ''}`;
  return null;
}

describe('hostile values in every parameter of every action', () => {
  it('answer a business code, never a 500, and leave the database whole', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const a of ordered) {
      let world = await newWorld();
      for (const field of fieldsToProbe(a)) {
        const cases: [unknown, boolean][] = [
          ...TEXT_VALUES.map((v) => [v, false] as [unknown, boolean]),
          ...JSON_VALUES.map((v) => [v, true] as [unknown, boolean]),
        ];
        for (const [value, json] of cases) {
          if (ENDS_ITS_WORLD.test(a.name)) world = await newWorld();
          const failure = await probe(a, world, field, value, json);
          probes++;
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(8000);

    // Nothing was dropped or broken: a fresh session, item, page and search still work.
    const world = await newWorld();
    const page = await t.call('page/info', { page_id: world.pageId }, { token: world.token });
    expect(page.error_code, page.error_message).toBe(0);
    expect(page.data.page_content).toBe('probe content');
    const found = await t.call('item/search', { item_id: world.itemId, keyword: 'probe' }, { token: world.token });
    expect(found.error_code, found.error_message).toBe(0);
    const me = await t.call('user/info', {}, { token: world.token });
    expect(me.data.username).toBe(admin.username);
  }, 900_000);
});
