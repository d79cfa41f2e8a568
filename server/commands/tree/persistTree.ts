import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { errors } from '../../../core/errors.ts';
import { DEFAULT_PAGE_ORDER, ItemType, MAX } from '../../../core/limits.ts';
import { countPages, type DocCatalog, type DocPage, type DocTree } from '../../../core/tree.ts';
import { IMPORT_LIMITS } from '../../../importers/errors.ts';
import { Item } from '../../models/Item.ts';
import { Page } from '../../models/Page.ts';
import { insertInTurns } from '../../db/insertInTurns.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { assertPathDepth, insertCatalog } from '../catalogs/ensureCatalogPath.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';
import { createItem } from '../items/createItem.ts';
import { recordChange } from '../pages/changeLog.ts';
import { contentHash } from '../../../importers/contentHash.ts';
import type { Author } from '../../policies/author.ts';
import { savePage } from '../pages/savePage.ts';
import { bumpMenuVersion } from '../menu/menuVersion.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import { fillNewPageTokens } from '../sync/newPageTokens.ts';
import { linkFolderPages, type FolderPageRecord, type StoreFolderFile } from './folderPages.ts';

/**
 * Writes a DocTree into a NEW item or into an existing one, in ONE transaction (a failure leaves
 * nothing behind). Pages are matched by stable key first, then by (catalog path, title) like
 * ShowDoc's upsert; unchanged pages are left alone, changed ones go through `savePage` (history,
 * revision, locks), new ones are inserted in batches (an API spec brings a thousand pages at
 * once; one change-log entry records the import). Catalogs are created along their paths with
 * the tree's order, empty ones included.
 *
 * A new item gets the visibility its creator chose (`password`: '' open, else private with that
 * password). A caller that chose none gets ShowDoc's behaviour, a private item with a random
 * password, and that password comes back in the result so the owner can be told it.
 * Single-page and spreadsheet items hold one page: the tree's first page fills it.
 */
export interface PersistTreeInput {
  tree: DocTree;
  owner: Author;
  /** Import into this existing item (rights checked by the caller); absent: create one. */
  itemId?: number;
  /** Name for a new item; default the tree's name. */
  itemName?: string;
  /** Visit password of a new item: '' = open; absent = a random one (returned as `generatedPassword`). */
  password?: string;
  historyLimit?: number;
  /** The imported file's name, for the `item.imported` webhook event. */
  source?: string;
  /** Stores a Markdown folder's referenced files (images) as attachments; without it their references stay as written. */
  storeFile?: StoreFolderFile;
  /** Runs inside the same transaction once the pages are written (e.g. recording an API version). */
  afterWrite?: (tx: Deps, itemId: number) => Promise<void>;
}

export interface PersistTreeResult {
  itemId: number;
  created: number;
  updated: number;
  unchanged: number;
  catalogs: number;
  /** The random visit password a new item got because the caller chose no visibility. */
  generatedPassword?: string;
}

interface ExistingPage {
  page_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  content_hash: string;
  stable_key: string | null;
  source_path: string | null;
  revision: number;
  is_del: number;
}

const ONE_PAGE_TYPES: number[] = [ItemType.SINGLE_PAGE, ItemType.SPREADSHEET];
/**
 * Pages per INSERT, and their text, and pages handled between two turns of the event loop given to
 * other requests: a turn stays near a millisecond (issue #26). 200 of GitHub's pages (1.3 MB) in one
 * statement took 8-52 ms; 25 pages or 256 KB a turn still made turns of 6-14 ms, 10-78 of them over
 * 3 ms while one import's pages were written, each a wait for the reads that came meanwhile; with 8
 * pages or 64 KB, 6-15 (bench job pool, 2026-11-28). The writing takes 10-40 % longer while the
 * server answers other reads back to back, as long otherwise. 8 rows × 15 columns is far under
 * SQLite's bound-variable limit.
 */
export const INSERT_BATCH = { maxRows: 8, maxBytes: 64 * 1024, bytesOf: (row: { page_content: string }) => row.page_content.length };
const YIELD_EVERY_PAGES = 8;

export async function persistTree(deps: Deps, input: PersistTreeInput): Promise<PersistTreeResult> {
  const { tree, owner } = input;
  const total = countPages(tree);
  if (total > IMPORT_LIMITS.maxPages) throw errors.validation(`file: ${total} pages is more than the ${IMPORT_LIMITS.maxPages} an import may hold`);
  const itemType = input.itemId ? undefined : normaliseType(tree.itemType);
  const generatedPassword = input.itemId || input.password !== undefined ? undefined : crypto.randomBytes(18).toString('base64url');
  const password = input.password ?? generatedPassword ?? '';

  return inTransaction(deps, async (tx) => {
    let itemId = input.itemId;
    if (!itemId) {
      const name = (input.itemName?.trim() || tree.name.trim() || 'import').slice(0, MAX.itemName);
      ({ item_id: itemId } = await createItem(tx, {
        owner,
        item_name: name,
        item_description: (tree.description ?? '').slice(0, MAX.itemDescription),
        item_domain: null,
        item_type: itemType!,
        password: { plain: password },
      }));
    }
    const item = (await Item.query(tx.db).findById(itemId).select('item_type'))!;
    // A Markdown folder's pages: links and images rewritten as `docs push` rewrites them, files stored.
    const sources = await linkFolderPages(tx, itemId, tree, input.storeFile);
    // One `item.imported` event announces the import instead of one event per page.
    const writer = new TreeWriter({ ...tx, quietPageEvents: true }, itemId, owner, input.historyLimit, sources);
    await writer.load();
    if (ONE_PAGE_TYPES.includes(item.item_type)) await writer.fillSinglePage(firstPage(tree));
    else await writer.writeNode(tree, []);
    await writer.flushNewPages(tree.name);
    // Links between pages created together get their ids now that every page exists.
    if (sources.size) await fillNewPageTokens(tx, itemId, null);
    if (input.itemId) {
      const { created, updated, unchanged, catalogs } = writer.counts;
      await enqueueWebhookEvent(tx, itemId, 'item.imported', { source: input.source ?? tree.name, created, updated, unchanged, catalogs }, owner);
    }
    if (input.afterWrite) await input.afterWrite(tx, itemId);
    return { itemId, ...writer.counts, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}

function normaliseType(t: number | undefined): number {
  return t && [ItemType.REGULAR, ItemType.SINGLE_PAGE, ItemType.READ_ONLY, ItemType.SPREADSHEET].includes(t as 1) ? t : ItemType.REGULAR;
}

function firstPage(node: { pages: DocPage[]; catalogs: DocCatalog[] }): DocPage | null {
  return node.pages[0] ?? node.catalogs.map(firstPage).find(Boolean) ?? null;
}

class TreeWriter {
  counts = { created: 0, updated: 0, unchanged: 0, catalogs: 0 };
  private byKey = new Map<string, ExistingPage>();
  private bySource = new Map<string, ExistingPage>();
  private byPlace = new Map<string, ExistingPage>();
  private existingCats: { cat_id: number; cat_name: string; parent_cat_id: number }[] = [];
  private catByNode = new Map<DocCatalog, number>();
  private claimedCats = new Set<number>();
  /**
   * The pages to insert, with their title as written and their key unless already taken. The
   * page itself is kept, never a copy: spreading a page of an import reads its text
   * (workers/treeContents.ts), and every text read at once lived until the insert (issue #26).
   */
  private newPages: { page: DocPage; title: string; key: string | undefined; catId: number }[] = [];
  private usedKeys = new Set<string>();
  /** Pages handled since the last turn of the event loop given to other requests. */
  private sinceTurn = 0;

  private readonly tx: Deps;
  private readonly itemId: number;
  private readonly author: Author;
  private readonly historyLimit?: number;
  private readonly sources: Map<string, FolderPageRecord>;
  constructor(tx: Deps, itemId: number, author: Author, historyLimit: number | undefined, sources: Map<string, FolderPageRecord>) {
    this.tx = tx;
    this.itemId = itemId;
    this.author = author;
    this.historyLimit = historyLimit;
    this.sources = sources;
  }

  async load(): Promise<void> {
    const pages: ExistingPage[] = await Page.query(this.tx.db)
      .modify('inItem', this.itemId)
      .select('page_id', 'cat_id', 'page_title', 's_number', 'content_hash', 'stable_key', 'source_path', 'revision', 'is_del');
    for (const p of pages) {
      if (p.stable_key) {
        this.byKey.set(p.stable_key, p);
        this.usedKeys.add(p.stable_key);
      }
      if (!p.is_del && p.source_path && !this.bySource.has(p.source_path)) this.bySource.set(p.source_path, p);
      if (!p.is_del) {
        const place = `${p.cat_id}\u0000${p.page_title}`;
        if (!this.byPlace.has(place)) this.byPlace.set(place, p);
      }
    }
    this.existingCats = (await loadCatalogs(this.tx.db, this.itemId)).sort((a, b) => a.cat_id - b.cat_id);
  }

  async writeNode(node: { pages: DocPage[]; catalogs: DocCatalog[] }, path: DocCatalog[]): Promise<void> {
    const catId = path.length ? await this.catalog(path) : 0;
    for (const page of node.pages) {
      await this.page(page, catId);
      // SQLite's statements run synchronously and knex's awaits settle at once: without a turn of
      // the event loop now and then, the whole import would answer no other request (issue #26).
      if (++this.sinceTurn % YIELD_EVERY_PAGES === 0) await nextTurn();
    }
    for (const child of node.catalogs) await this.writeNode(child, [...path, child]);
  }

  /**
   * The catalog of a tree node: each node of the tree is its own catalog, so two sibling folders
   * of the same name (Postman allows it) stay apart. A node reuses an existing catalog with its
   * name under the same parent that no other node of this import took yet (in id order), so a
   * re-import lands on the same catalogs; otherwise a catalog is created.
   */
  private async catalog(path: DocCatalog[]): Promise<number> {
    const node = path[path.length - 1]!;
    const known = this.catByNode.get(node);
    if (known !== undefined) return known;
    assertPathDepth(path.length);
    const parent = path.length > 1 ? await this.catalog(path.slice(0, -1)) : 0;
    const name = (node.name.trim() || 'catalog').slice(0, 200);
    const reuse = this.existingCats.find((c) => c.parent_cat_id === parent && c.cat_name === name && !this.claimedCats.has(c.cat_id));
    let id = reuse?.cat_id;
    if (id === undefined) {
      id = await insertCatalog(this.tx, this.itemId, { parent, name, depth: path.length - 1, order: node.order, author: this.author });
      this.counts.catalogs++;
    }
    this.claimedCats.add(id);
    this.catByNode.set(node, id);
    return id;
  }

  private async page(page: DocPage, catId: number): Promise<void> {
    const title = (page.title.trim() || 'Untitled').slice(0, MAX.pageTitle);
    let existing = page.key ? this.byKey.get(page.key) : undefined;
    if (existing?.is_del) {
      // The keyed page sits in the recycle bin: it keeps its content there, the import makes a new page.
      await Page.query(this.tx.db).findById(existing.page_id).patch({ stable_key: null });
      this.byKey.delete(page.key!);
      existing = undefined;
    }
    // A page of a Markdown folder is first the page that already belongs to its file (as `docs push` matches).
    if (!existing && page.source) existing = this.bySource.get(page.source.path);
    existing ??= this.byPlace.get(`${catId}\u0000${title}`);
    if (existing && existing.stable_key && page.key && existing.stable_key !== page.key) existing = undefined;
    await this.save(existing, page, catId, title);
  }

  async fillSinglePage(page: DocPage | null): Promise<void> {
    if (!page) return;
    const only = [...this.byPlace.values()].find((p) => p.cat_id === 0);
    await this.save(only, page, 0, only?.page_title || page.title);
  }

  /** `title`: the page's title as written (the tree's may be trimmed or replaced). */
  private async save(existing: ExistingPage | undefined, page: DocPage, catId: number, title: string): Promise<void> {
    const order = page.order ?? DEFAULT_PAGE_ORDER;
    if (!existing) {
      // A key already taken in this item (a repeat inside the tree) is dropped rather than clashing.
      const key = page.key && !this.usedKeys.has(page.key) ? page.key : undefined;
      if (key) this.usedKeys.add(key);
      this.newPages.push({ page, title, key, catId });
      return;
    }
    if (
      existing &&
      existing.cat_id === catId &&
      existing.page_title === title &&
      existing.s_number === order &&
      existing.content_hash === contentHash(page.content) &&
      (existing.stable_key ?? undefined) === page.key
    ) {
      this.counts.unchanged++;
      await this.recordSource(page, existing.page_id, existing.revision);
      return;
    }
    const saved = await savePage(this.tx, {
      itemId: this.itemId,
      pageId: existing?.page_id,
      title,
      content: page.content,
      catId,
      sNumber: order,
      stableKey: page.key,
      author: this.author,
      historyLimit: this.historyLimit,
    });
    this.counts.updated++;
    await this.recordSource(page, saved.page.page_id, saved.page.revision);
    const row: ExistingPage = { ...saved.page, cat_id: catId, page_title: title, s_number: order, is_del: 0 };
    if (row.stable_key) this.byKey.set(row.stable_key, row);
    this.byPlace.set(`${catId}\u0000${title}`, row);
  }

  /** What `docs push` records about a page written from a file (sync/apply): its file, front matter, links, revision and hash. */
  private async recordSource(page: DocPage, pageId: number, revision: number): Promise<void> {
    const record = page.source && this.sources.get(page.source.path);
    if (record)
      await Page.query(this.tx.db)
        .findById(pageId)
        .patch({ ...record, sync_revision: revision });
  }

  /** The rows of the new pages, made one by one as insertInTurns fills a batch: each text read and hashed just before its INSERT. */
  private *newPageRows(now: number) {
    for (const { page, title, key, catId } of this.newPages) {
      const content = page.content;
      yield {
        item_id: this.itemId,
        cat_id: catId,
        page_title: title,
        page_content: content,
        s_number: page.order ?? DEFAULT_PAGE_ORDER,
        author_uid: this.author.uid,
        author_username: this.author.username,
        addtime: now,
        page_addtime: now,
        page_comments: '',
        ext_info: '',
        revision: 1,
        content_hash: contentHash(content),
        stable_key: key ?? null,
        // Imported, not synced: a page of a Markdown folder records its file (docs push then knows it) but is never pruned.
        ...(page.source && this.sources.has(page.source.path) ? { ...this.sources.get(page.source.path)!, sync_revision: 1, sync_created: 0 } : {}),
      };
    }
  }

  /** Inserts the pages that matched nothing, in batches, and records the import once. */
  async flushNewPages(source: string): Promise<void> {
    if (!this.newPages.length) return;
    const now = this.tx.now();
    // New pages go in knex batches through the model's table: objection refuses batch inserts on
    // SQLite, and multi-row statements are what keep a thousand-page import quick. Other requests
    // get a turn between statements (see writeNode).
    await insertInTurns(() => Page.knexTable(this.tx.db), this.newPageRows(now), INSERT_BATCH);
    this.counts.created += this.newPages.length;
    await Item.query(this.tx.db).findById(this.itemId).patch({ last_update_time: now });
    await bumpMenuVersion(this.tx.db, this.itemId);
    await recordChange(this.tx, {
      itemId: this.itemId,
      author: this.author,
      action: 'create',
      object: 'tree',
      objectId: this.itemId,
      objectName: source,
      remark: `import: ${this.newPages.length} pages created`,
    });
    this.newPages = [];
  }
}
