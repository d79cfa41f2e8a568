import { createRequire } from 'node:module';
import { unescapeShowDocHtml } from '../core/markdown.ts';
import { FormatError } from './errors.ts';

/**
 * Page comments out of a ShowDoc database (issue #24 part 8).
 *
 * What ShowDoc carries where (star7th/showdoc, server/app/Common/Database/Upgrade.php and
 * Model/Item.php): its exports — the Markdown zip and the item JSON (`info.json`) — carry pages,
 * catalogs and each page's `page_comments`, which is the *edit note* of a version, not a
 * discussion: no comment and no feedback leaves ShowDoc in an export. The discussion lives only in
 * its database: `page_comment (comment_id, page_id, item_id, parent_id, uid, username, content,
 * is_deleted, addtime)`, content HTML-escaped, two levels (a reply points at a first-level
 * comment). Readers' helpful/unhelpful votes (`page_feedback`) are anonymous counts tied to
 * ShowDoc's client ids and are not imported.
 *
 * This reads the SQLite database ShowDoc ships (`Sqlite/showdoc.db.php`) read-only and answers,
 * for one ShowDoc item, its catalogs, its live pages and their live comments. The server matches
 * the pages to an imported Folio item by catalog path and title (commands/comments/importComments.ts).
 * Titles and catalog names are unescaped as the zip importer unescapes them, so both sides agree.
 */
/** better-sqlite3 ships no type declarations; this is the little of it used here (as server/db/migrationLock.ts). */
interface SqliteFile {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
  close(): void;
}
const Database: new (file: string, opts: { readonly: boolean; fileMustExist: boolean }) => SqliteFile = createRequire(import.meta.url)('better-sqlite3');

export interface ShowDocCommentData {
  catalogs: { cat_id: number; cat_name: string; parent_cat_id: number }[];
  pages: { page_id: number; page_title: string; cat_id: number }[];
  /** Oldest first; replies carry their first-level comment's id in `parent_id`. */
  comments: { comment_id: number; page_id: number; parent_id: number; username: string; content: string; addtime: number }[];
}

export function readShowDocComments(path: string, showdocItemId: number): ShowDocCommentData {
  let db: SqliteFile;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new FormatError(`not a ShowDoc SQLite database (${(err as Error).message})`, 'file');
  }
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    if (!tables.has('page') || !tables.has('catalog')) throw new FormatError('not a ShowDoc database: it has no page and catalog tables', 'file');
    const catalogs = db.prepare('SELECT cat_id, cat_name, parent_cat_id FROM catalog WHERE item_id = ?').all(showdocItemId) as ShowDocCommentData['catalogs'];
    const pages = db.prepare('SELECT page_id, page_title, cat_id FROM page WHERE item_id = ? AND is_del = 0').all(showdocItemId) as ShowDocCommentData['pages'];
    // Databases from before ShowDoc had comments lack the table: nothing to import, not an error.
    const comments = tables.has('page_comment')
      ? (db
          .prepare(
            'SELECT comment_id, page_id, parent_id, username, content, addtime FROM page_comment WHERE item_id = ? AND is_deleted = 0 ORDER BY addtime, comment_id',
          )
          .all(showdocItemId) as ShowDocCommentData['comments'])
      : [];
    const num = (v: unknown) => Number(v) || 0;
    return {
      catalogs: catalogs.map((c) => ({
        cat_id: num(c.cat_id),
        cat_name: unescapeShowDocHtml(String(c.cat_name ?? '')).trim(),
        parent_cat_id: num(c.parent_cat_id),
      })),
      pages: pages.map((p) => ({ page_id: num(p.page_id), page_title: unescapeShowDocHtml(String(p.page_title ?? '')), cat_id: num(p.cat_id) })),
      comments: comments.map((c) => ({
        comment_id: num(c.comment_id),
        page_id: num(c.page_id),
        parent_id: num(c.parent_id),
        username: String(c.username ?? ''),
        content: unescapeShowDocHtml(String(c.content ?? '')),
        addtime: num(c.addtime),
      })),
    };
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError(`the ShowDoc database does not read (${(err as Error).message})`, 'file');
  } finally {
    db.close();
  }
}
