import type { ShowDocCommentData } from '../../../importers/showdocComments.ts';
import type { ShowDocCommentImport } from '../../../core/wire.ts';
import { Catalog } from '../../models/Catalog.ts';
import { Page } from '../../models/Page.ts';
import { PageComment } from '../../models/PageComment.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { catalogPathsById } from '../sync/catalogPaths.ts';

/**
 * Brings a ShowDoc item's comments (importers/showdocComments.ts) into a Folio item imported from
 * it: each ShowDoc page is matched to the Folio page with the same catalog path and title (what a
 * ShowDoc zip import keeps). Authors keep their ShowDoc names; a Folio account with the same
 * username becomes the author (so it may edit its own comments), else the comment has no account.
 * Times are kept. All in one transaction: nothing is written unless everything is.
 * ShowDoc has no inline comments and no resolved state: threads come over as open page comments.
 */
const keyOf = (path: string[], title: string) => JSON.stringify([...path, title]);

export async function importShowDocComments(deps: Deps, itemId: number, data: ShowDocCommentData): Promise<ShowDocCommentImport> {
  const sdPaths = catalogPathsById(data.catalogs);
  const sdPageKey = new Map(
    data.pages.map((p) => [p.page_id, { key: keyOf(p.cat_id ? (sdPaths.get(p.cat_id) ?? []) : [], p.page_title), title: p.page_title }]),
  );
  const [cats, pages] = await Promise.all([
    Catalog.query(deps.db).modify('inItem', itemId).select('cat_id', 'cat_name', 'parent_cat_id'),
    Page.query(deps.db).modify('inItem', itemId).modify('notDeleted').orderBy('page_id').select('page_id', 'page_title', 'cat_id'),
  ]);
  const paths = catalogPathsById(cats);
  const folioPage = new Map<string, number>();
  for (const p of pages) {
    const key = keyOf(p.cat_id ? (paths.get(p.cat_id) ?? []) : [], p.page_title);
    if (!folioPage.has(key)) folioPage.set(key, p.page_id);
  }
  const names = [...new Set(data.comments.map((c) => c.username).filter(Boolean))];
  const uidOf = new Map<string, number>();
  for (let i = 0; i < names.length; i += 500) {
    for (const u of await User.query(deps.db)
      .whereIn('username', names.slice(i, i + 500))
      .select('uid', 'username'))
      uidOf.set(u.username, u.uid);
  }
  const unmatched = new Set<string>();
  const result: ShowDocCommentImport = { threads: 0, replies: 0, unmatched_pages: [] };
  await inTransaction(deps, async (tx) => {
    const threadOf = new Map<number, number>();
    // First-level comments first, so every reply finds its thread.
    const ordered = [...data.comments.filter((c) => !c.parent_id), ...data.comments.filter((c) => c.parent_id)];
    for (const c of ordered) {
      const page = sdPageKey.get(c.page_id);
      const pageId = page ? folioPage.get(page.key) : undefined;
      if (!page || !pageId) {
        if (page) unmatched.add(page.title);
        continue;
      }
      const parentId = c.parent_id ? threadOf.get(c.parent_id) : 0;
      if (parentId === undefined || !c.content.trim()) continue;
      const row = await PageComment.query(tx.db).insert({
        item_id: itemId,
        page_id: pageId,
        parent_id: parentId,
        author_uid: uidOf.get(c.username) ?? 0,
        author_username: c.username,
        content: c.content,
        anchor: '',
        created_at: c.addtime,
        updated_at: c.addtime,
      });
      if (parentId) result.replies++;
      else {
        result.threads++;
        threadOf.set(c.comment_id, row.comment_id);
      }
    }
  });
  result.unmatched_pages = [...unmatched];
  return result;
}
