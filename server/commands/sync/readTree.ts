import { SYNC_LIMITS, type SyncCatalog, type SyncDeletedPage, type SyncPage, type SyncPageContent } from '../../../core/sync.ts';
import type { OpenCatalogTree, OpenTreeCatalog } from '../../../core/wire.ts';
import type { Db } from '../../db/knex.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';
import { contentHash } from '../../../importers/contentHash.ts';
import { Attachment } from '../../models/Attachment.ts';
import { Page, type PageRow } from '../../models/Page.ts';
import { catalogPathsById } from './catalogPaths.ts';

type SyncPageFields = Pick<
  PageRow,
  | 'page_id'
  | 'cat_id'
  | 'page_title'
  | 's_number'
  | 'revision'
  | 'stable_key'
  | 'source_path'
  | 'sync_revision'
  | 'sync_hash'
  | 'sync_created'
  | 'sync_blob'
  | 'sync_blob_history'
  | 'sync_blob_committed'
  | 'sync_nav_order'
>;

/*
 * The reads of a whole item's pages (sync/tree, sync/pages, open/getCatalogTree) stay plain knex
 * reads of the model's table, like the menu: bench/models.ts, 5,000 pages without content, SQLite:
 * Page.query costs 10.2 ms of CPU against 7.1 ms (+44%), and the sync reads them on every push and pull.
 */

/** The columns `sync/tree` lists (no content). */
const TREE_COLUMNS = [
  'page_id',
  'cat_id',
  'page_title',
  's_number',
  'revision',
  'content_hash',
  'stable_key',
  'source_path',
  'sync_revision',
  'sync_hash',
  'sync_created',
  'sync_blob',
  'sync_blob_history',
  'sync_blob_committed',
  'sync_nav_order',
] as const;

/** A page as `sync/tree` and `sync/pages` list it: its catalog path resolved, its content hash given. */
function syncPageOf(p: SyncPageFields, paths: Map<number, string[]>, hash: string): SyncPage {
  return {
    page_id: p.page_id,
    cat_id: p.cat_id,
    cat_path: p.cat_id ? (paths.get(p.cat_id) ?? []) : [],
    page_title: p.page_title,
    s_number: p.s_number,
    revision: p.revision,
    content_hash: hash,
    stable_key: p.stable_key,
    source_path: p.source_path ?? null,
    sync_revision: Number(p.sync_revision ?? 0),
    sync_hash: p.sync_hash ?? '',
    sync_created: !!p.sync_created,
    sync_blob: p.sync_blob ?? '',
    sync_blob_history: p.sync_blob_history ? p.sync_blob_history.split(' ') : [],
    sync_blob_committed: !!p.sync_blob_committed,
    sync_nav_order: p.sync_nav_order === null || p.sync_nav_order === undefined ? null : Number(p.sync_nav_order),
  };
}

/** `sync/tree`: every live page's identity and version (no content), plus the catalogs with their paths. */
export async function readSyncTree(
  db: Db,
  itemId: number,
): Promise<{ pages: SyncPage[]; catalogs: SyncCatalog[]; assets: Record<string, string>; deleted: SyncDeletedPage[] }> {
  const cats = await loadCatalogs(db, itemId);
  const paths = catalogPathsById(cats);
  const pages = (await Page.knexTable(db)
    .where({ item_id: itemId, is_del: 0 })
    .orderBy([{ column: 'cat_id' }, { column: 's_number' }, { column: 'page_id' }])
    .select(...TREE_COLUMNS)) as Pick<PageRow, (typeof TREE_COLUMNS)[number]>[];
  // Rows written before content hashes existed are hashed here, once, from their content.
  const unhashed = pages.filter((p) => !p.content_hash).map((p) => p.page_id);
  const hashes = new Map<number, string>();
  for (let i = 0; i < unhashed.length; i += 500) {
    const rows = await Page.query(db)
      .whereIn('page_id', unhashed.slice(i, i + 500))
      .select('page_id', 'page_content');
    for (const r of rows) hashes.set(r.page_id, contentHash(r.page_content));
  }
  const files = await Attachment.query(db).modify('inItem', itemId).whereNotNull('content_hash').select('content_hash', 'sign');
  // Pages of files that a user deleted (uid 0 is the sync's own --prune): a push from git reports them instead of re-creating them.
  const deleted = (await Page.query(db)
    .modify('inItem', itemId)
    .where({ is_del: 1 })
    .whereNotNull('source_path')
    .where('del_by_uid', '>', 0)
    .select('page_id', 'source_path', 'sync_blob', 'del_by_username', 'del_time')) as SyncDeletedPage[];
  return {
    deleted: deleted.map((d) => ({
      page_id: d.page_id,
      source_path: d.source_path,
      sync_blob: d.sync_blob ?? '',
      del_by_username: d.del_by_username,
      del_time: Number(d.del_time),
    })),
    // Attachments the sync uploaded, by content hash: the sign of the served file.
    assets: Object.fromEntries(files.map((f) => [f.content_hash, f.sign])),
    pages: pages.map((p) => syncPageOf(p, paths, p.content_hash || hashes.get(p.page_id)!)),
    catalogs: cats.map((c) => ({
      cat_id: c.cat_id,
      cat_name: c.cat_name,
      parent_cat_id: c.parent_cat_id,
      level: c.level,
      s_number: c.s_number,
      path: paths.get(c.cat_id) ?? [],
    })),
  };
}

/** `sync/pages`: the content of up to SYNC_LIMITS.maxPageFetch live pages of the item (others are silently absent). */
export async function readPageContents(db: Db, itemId: number, pageIds: number[]): Promise<SyncPageContent[]> {
  const ids = [...new Set(pageIds)].slice(0, SYNC_LIMITS.maxPageFetch);
  if (!ids.length) return [];
  const cats = await loadCatalogs(db, itemId);
  const paths = catalogPathsById(cats);
  const rows = (await Page.knexTable(db).where({ item_id: itemId, is_del: 0 }).whereIn('page_id', ids).select()) as PageRow[];
  return rows.map((p) => ({
    ...syncPageOf(p, paths, p.content_hash || contentHash(p.page_content)),
    page_content: p.page_content,
    source_head: p.source_head ?? null,
    source_refs: p.source_refs ?? null,
    author_username: p.author_username,
    addtime: Number(p.addtime),
  }));
}

/**
 * `open/getCatalogTree`: ShowDoc's export-style tree — root pages and nested catalogs, each with
 * its pages (content included) and sub-catalogs, in display order.
 */
export async function readCatalogTreeWithContent(db: Db, itemId: number): Promise<OpenCatalogTree> {
  const cats = await loadCatalogs(db, itemId);
  const pages = (await Page.knexTable(db)
    .where({ item_id: itemId, is_del: 0 })
    .orderBy([{ column: 's_number' }, { column: 'page_id' }])
    .select('page_id', 'cat_id', 'page_title', 'page_content', 's_number', 'author_username', 'revision')) as Pick<
    PageRow,
    'page_id' | 'cat_id' | 'page_title' | 'page_content' | 's_number' | 'author_username' | 'revision'
  >[];
  type Node = OpenTreeCatalog;
  const nodes = new Map<number, Node>(
    cats.map((c) => [
      c.cat_id,
      { cat_id: c.cat_id, cat_name: c.cat_name, parent_cat_id: c.parent_cat_id, level: c.level, s_number: c.s_number, pages: [], catalogs: [] },
    ]),
  );
  const root: OpenCatalogTree = { pages: [], catalogs: [] };
  for (const c of cats) {
    const node = nodes.get(c.cat_id)!;
    (c.parent_cat_id && nodes.get(c.parent_cat_id) ? nodes.get(c.parent_cat_id)!.catalogs : root.catalogs).push(node);
  }
  for (const p of pages) (p.cat_id && nodes.get(p.cat_id) ? nodes.get(p.cat_id)!.pages : root.pages).push(p);
  return root;
}
