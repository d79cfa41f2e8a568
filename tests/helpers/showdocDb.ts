import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * A ShowDoc SQLite database with one item's catalog, pages and comments, for the import of
 * ShowDoc's comments (issue #24 part 8; the API test and the browser test). It starts from the
 * database ShowDoc ships (tests/fixtures/showdoc-db), upgraded with ShowDoc's own statements and
 * filled the way its PageCommentController writes (content HTML-escaped).
 */
// better-sqlite3 ships no type declarations: the little used here, to write ShowDoc's tables.
interface Sqlite {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database: new (file: string) => Sqlite = createRequire(import.meta.url)('better-sqlite3');

/** The ShowDoc item the database holds (the one whose comments are imported). */
export const SHOWDOC_ITEM = 688542177;

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

/**
 * Writes the database into `dir`: page "Login" under API / Users & roles with a thread by
 * `threadAuthor` and a reply by bob, a deleted comment, a comment on "Gone here" (a page Folio
 * lacks) and one on another ShowDoc item.
 */
export function showdocDatabase(dir: string, threadAuthor: string): string {
  const file = path.join(dir, `showdoc-${Math.random().toString(36).slice(2)}.db.php`);
  fs.copyFileSync(new URL('../fixtures/showdoc-db/showdoc.db.php', import.meta.url), file);
  const db = new Database(file);
  db.exec(SHOWDOC_UPGRADE);
  db.prepare('INSERT INTO catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) VALUES (?, ?, ?, 99, 0, ?, ?)').run(
    477646311,
    'API',
    SHOWDOC_ITEM,
    0,
    2,
  );
  db.prepare('INSERT INTO catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) VALUES (?, ?, ?, 99, 0, ?, ?)').run(
    477646312,
    'Users &amp; roles',
    SHOWDOC_ITEM,
    477646311,
    3,
  );
  const page = db.prepare(
    "INSERT INTO page (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments, is_del) VALUES (?, 1, 'showdoc', ?, ?, ?, 'x', 99, 0, '', ?)",
  );
  page.run(113540600, SHOWDOC_ITEM, 477646312, 'Login', 0);
  page.run(113540601, SHOWDOC_ITEM, 0, 'Gone here', 0);
  page.run(113540602, 1, 0, 'Other item', 0);
  const comment = db.prepare(
    'INSERT INTO page_comment (comment_id, page_id, item_id, parent_id, uid, username, content, is_deleted, addtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  comment.run(1, 113540600, SHOWDOC_ITEM, 0, 7, threadAuthor, escaped('Is <b>token</b> "required"?'), 0, 1795237100);
  comment.run(2, 113540600, SHOWDOC_ITEM, 1, 8, 'bob', escaped("Yes, it's required"), 0, 1795237200);
  comment.run(3, 113540600, SHOWDOC_ITEM, 0, 8, 'bob', 'deleted one', 1, 1795237300);
  comment.run(4, 113540601, SHOWDOC_ITEM, 0, 8, 'bob', 'on a page Folio lacks', 0, 1795237400);
  comment.run(5, 113540602, 1, 0, 8, 'bob', 'another item', 0, 1795237500);
  db.close();
  return file;
}
