import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../helpers/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { SHOWDOC_ITEM, showdocDatabase as writeShowDocDatabase } from '../helpers/showdocDb.ts';
import { addMember, buildCatalog, buildItem, buildPage, buildUser, type User } from '../helpers/factories.ts';

/**
 * comment/importShowDoc (issue #24 part 8): ShowDoc's comments come only from its database (its
 * exports carry none). The database: tests/helpers/showdocDb.ts.
 */
let t: TestServer;
let tmp: string;
let owner: User;
let alice: User;
const showdocDatabase = () => writeShowDocDatabase(tmp, alice.username);

beforeAll(async () => {
  t = await startTestServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdc-'));
  owner = await buildUser(t);
  alice = await buildUser(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const upload = (user: User, itemId: number, file: string) =>
  uploadFile(t, 'comment/importShowDoc', {
    token: user.token,
    filename: 'showdoc.db.php',
    bytes: fs.readFileSync(file),
    params: { item_id: itemId, showdoc_item_id: SHOWDOC_ITEM },
  });

describe('comment/importShowDoc', () => {
  it('brings an item’s live comments onto the pages of the same path and title, with their authors', async () => {
    const item = await buildItem(t, owner);
    const api = await buildCatalog(t, item.item_id, 'API');
    const users = await buildCatalog(t, item.item_id, 'Users & roles', api);
    const login = await buildPage(t, item.item_id, { cat_id: users, page_title: 'Login' });
    await buildPage(t, item.item_id, { page_title: 'Login' }); // same title at the root: not the one
    const r = await upload(owner, item.item_id, showdocDatabase());
    expect(r.body.error_code, r.body.error_message).toBe(0);
    expect(r.body.data).toEqual({ threads: 1, replies: 1, unmatched_pages: ['Gone here'] });
    const listed = await t.call('comment/list', { page_id: login, status: 'all' }, { token: owner.token });
    expect(listed.data.threads).toHaveLength(1);
    expect(listed.data.threads[0]).toMatchObject({
      content: 'Is <b>token</b> "required"?',
      author_uid: alice.uid,
      author_username: alice.username,
      created_at: 1795237100,
      anchor: null,
      resolved: 0,
      replies: [{ content: "Yes, it's required", author_uid: 0, author_username: 'bob', created_at: 1795237200 }],
    });
  });

  it('refuses a file that is no ShowDoc database, and callers without the manage right', async () => {
    const item = await buildItem(t, owner);
    const junk = path.join(tmp, 'junk.db.php');
    fs.writeFileSync(junk, 'not sqlite at all');
    const bad = await upload(owner, item.item_id, junk);
    expect(bad.body.error_code).toBe(10101);
    expect(bad.body.error_message).toMatch(/^file: /);
    const editor = await buildUser(t);
    await addMember(t, item.item_id, editor, 1);
    expect((await upload(editor, item.item_id, showdocDatabase())).body.error_code).toBe(10313);
    const none = await t.call('comment/importShowDoc', { item_id: item.item_id, showdoc_item_id: SHOWDOC_ITEM }, { token: owner.token });
    expect(none).toMatchObject({ error_code: 10100, error_message: 'file: upload ShowDoc’s database file (Sqlite/showdoc.db.php)' });
  });
});
