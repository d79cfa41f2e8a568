import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildCatalog, buildItem, buildPage } from '../helpers/itemFactories.ts';
import { uploadFile } from '../helpers/files.ts';
import { buildUser, startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * comment/importShowDoc (issue #24 part 8): ShowDoc's comments come only from its database (its
 * exports carry none). The fixture is the SQLite database ShowDoc ships, upgraded with ShowDoc's
 * own statements and filled the way its PageCommentController writes (content HTML-escaped).
 */
// better-sqlite3 ships no type declarations: the little used here, to write ShowDoc's tables.
interface Sqlite {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database: new (file: string) => Sqlite = createRequire(import.meta.url)('better-sqlite3');
let t: TestServer;
let tmp: string;
type User = Awaited<ReturnType<typeof buildUser>>;
let owner: User;
let alice: User;
const SHOWDOC_ITEM = 688542177;

/** From star7th/showdoc server/app/Common/Database/Upgrade.php (2053c3cd), unchanged. */
const SHOWDOC_UPGRADE = `CREATE TABLE IF NOT EXISTS \`page_comment\` (
                \`comment_id\` INTEGER PRIMARY KEY,
                \`page_id\` int(11) NOT NULL DEFAULT '0',
                \`item_id\` int(11) NOT NULL DEFAULT '0',
                \`parent_id\` int(11) NOT NULL DEFAULT '0',
                \`uid\` int(11) NOT NULL DEFAULT '0',
                \`username\` CHAR(200) NOT NULL DEFAULT '',
                \`content\` text NOT NULL DEFAULT '',
                \`is_deleted\` int(1) NOT NULL DEFAULT '0',
                \`addtime\` int(11) NOT NULL DEFAULT '0'
            )`;

/** htmlspecialchars($content, ENT_QUOTES, 'UTF-8'), as ShowDoc stores a comment. */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

function showdocDatabase(): string {
  const file = path.join(tmp, `showdoc-${Math.random().toString(36).slice(2)}.db.php`);
  fs.copyFileSync(new URL('../fixtures/showdoc-db/showdoc.db.php', import.meta.url), file);
  const db = new Database(file);
  db.exec(SHOWDOC_UPGRADE);
  db.prepare('INSERT INTO catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) VALUES (?, ?, ?, 99, 0, ?, ?)').run(477646311, 'API', SHOWDOC_ITEM, 0, 2);
  db.prepare('INSERT INTO catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) VALUES (?, ?, ?, 99, 0, ?, ?)').run(477646312, 'Users &amp; roles', SHOWDOC_ITEM, 477646311, 3);
  const page = db.prepare("INSERT INTO page (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments, is_del) VALUES (?, 1, 'showdoc', ?, ?, ?, 'x', 99, 0, '', ?)");
  page.run(113540600, SHOWDOC_ITEM, 477646312, 'Login', 0);
  page.run(113540601, SHOWDOC_ITEM, 0, 'Gone here', 0);
  page.run(113540602, 1, 0, 'Other item', 0);
  const comment = db.prepare('INSERT INTO page_comment (comment_id, page_id, item_id, parent_id, uid, username, content, is_deleted, addtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  comment.run(1, 113540600, SHOWDOC_ITEM, 0, 7, alice.username, escaped('Is <b>token</b> "required"?'), 0, 1795237100);
  comment.run(2, 113540600, SHOWDOC_ITEM, 1, 8, 'bob', escaped("Yes, it's required"), 0, 1795237200);
  comment.run(3, 113540600, SHOWDOC_ITEM, 0, 8, 'bob', 'deleted one', 1, 1795237300);
  comment.run(4, 113540601, SHOWDOC_ITEM, 0, 8, 'bob', 'on a page Folio lacks', 0, 1795237400);
  comment.run(5, 113540602, 1, 0, 8, 'bob', 'another item', 0, 1795237500);
  db.close();
  return file;
}

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
  uploadFile(t, 'comment/importShowDoc', { token: user.token, filename: 'showdoc.db.php', bytes: fs.readFileSync(file), params: { item_id: itemId, showdoc_item_id: SHOWDOC_ITEM } });

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
