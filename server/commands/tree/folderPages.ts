import { NEW_PAGE_TOKEN } from '../../../core/sync.ts';
import { walkPages, type DocTree, type FolderFile } from '../../../core/tree.ts';
import { serverBodyOf } from '../../../importers/markdownFolder/links.ts';
import { Page } from '../../models/Page.ts';
import type { Deps } from '../../services.ts';

/** Stores a file of an imported Markdown folder as an attachment of the item; answers its sign (null: the reference stays as written). */
export type StoreFolderFile = (tx: Deps, itemId: number, file: FolderFile) => Promise<string | null>;

/** What the import records about a page of a Markdown folder, as `docs push` records it (sync/apply). */
export interface FolderPageRecord {
  source_path: string;
  source_head: string | null;
  source_refs: string | null;
  sync_hash: string;
}

/**
 * The pages of an imported Markdown folder as the server keeps them: their links and images
 * rewritten by the module `docs push` uses (importers/markdownFolder/links.ts), at the places the
 * import job found them (`source.refs`: no page is parsed twice) — referenced files
 * stored as attachments of the item (once each), links to pages of the folder pointing at those
 * pages (ids of pages the item already has for the file; tokens for new ones, filled once they
 * exist: sync/newPageTokens.ts). Sets each page's content and answers what to record per file path.
 */
export async function linkFolderPages(tx: Deps, itemId: number, tree: DocTree, storeFile: StoreFolderFile | undefined): Promise<Map<string, FolderPageRecord>> {
  const records = new Map<string, FolderPageRecord>();
  if (!tree.folder) return records;
  const sourced = [...walkPages(tree)].map(({ page }) => page).filter((p) => p.source);
  const paths = sourced.map((p) => p.source!.path);
  const known = new Map<string, number>();
  for (const row of await Page.query(tx.db).modify('inItem', itemId).modify('notDeleted').whereIn('source_path', paths).select('page_id', 'source_path')) {
    if (row.source_path !== null) known.set(row.source_path, row.page_id);
  }
  const files = new Map(tree.folder.files.map((f) => [f.path, f]));
  const signs = new Map<string, Promise<string | null>>();
  const fileSign = (path: string): Promise<string | null> => {
    const file = files.get(path);
    if (!file || !storeFile) return Promise.resolve(null);
    if (!signs.has(path)) signs.set(path, storeFile(tx, itemId, file));
    return signs.get(path)!;
  };
  const pages = new Set(paths);
  for (const page of sourced) {
    const body = await serverBodyOf(
      page.source!.path,
      page.content,
      {
        pages,
        assetsRoot: tree.folder.assetsRoot,
        itemId,
        pageId: (path) => String(known.get(path) ?? NEW_PAGE_TOKEN(path)),
        fileSign,
      },
      page.source!.refs,
    );
    page.content = body.content;
    records.set(page.source!.path, {
      source_path: page.source!.path,
      source_head: page.source!.head,
      source_refs: body.refs.length ? JSON.stringify(body.refs) : null,
      sync_hash: page.source!.fileHash,
    });
  }
  return records;
}
