import type { ApiVersionEntry, ApiVersionInfo, ApiVersionOperation, PageApiChange } from '../../../core/apiChanges.ts';
import type { OperationChange } from '../../../core/apiDiff.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import type { Db } from '../../db/knex.ts';
import { ApiVersion, type ApiVersionRow } from '../../models/ApiVersion.ts';
import { ApiVersionChange } from '../../models/ApiVersionChange.ts';
import { Page } from '../../models/Page.ts';
import { readSnapshot } from '../../../importers/apiVersion/readSnapshot.ts';

/** A version as listed: everything but the snapshot and the diff. */
type VersionRow = Omit<ApiVersionRow, 'snapshot' | 'snapshot_hash' | 'diff'>;

const LIST_COLUMNS = [
  'version_id',
  'item_id',
  'number',
  'stream',
  'source_name',
  'source_kind',
  'author_uid',
  'author_username',
  'created_at',
  'added',
  'removed',
  'changed',
  'breaking',
];

function entryOf(r: VersionRow): ApiVersionEntry {
  return {
    version_id: r.version_id,
    number: r.number,
    created_at: Number(r.created_at),
    source: { name: r.source_name, kind: r.source_kind, stream: r.stream },
    author: { uid: r.author_uid, username: r.author_username },
    summary: { added: r.added, removed: r.removed, changed: r.changed, breaking: r.breaking },
  };
}

/** The item's API versions, newest first (at most `limit`). */
export async function listApiVersions(db: Db, itemId: number, limit = 500): Promise<ApiVersionEntry[]> {
  const rows: VersionRow[] = await ApiVersion.query(db).modify('inItem', itemId).orderBy('version_id', 'desc').limit(limit).select(LIST_COLUMNS);
  return rows.map(entryOf);
}

/** The item a version belongs to (for the access check), or null. */
export async function itemOfApiVersion(db: Db, versionId: number): Promise<number | null> {
  const row = await ApiVersion.query(db).findById(versionId).select('item_id');
  return row?.item_id ?? null;
}

/** One version's operations, breaking first, each with its live page when there is one. */
export async function apiVersionInfo(db: Db, versionId: number): Promise<ApiVersionInfo | null> {
  const row: (VersionRow & { diff: string }) | undefined = await ApiVersion.query(db)
    .findById(versionId)
    .select([...LIST_COLUMNS, 'diff']);
  if (!row) return null;
  const changes = JSON.parse(row.diff) as OperationChange[];
  const keyed = await ApiVersionChange.query(db).where({ version_id: versionId }).select('method', 'path', 'page_key');
  const keyOf = new Map(keyed.map((k) => [`${k.method} ${k.path}`, k.page_key]));
  const wanted = [...new Set(keyed.map((k) => k.page_key).filter((k): k is string => !!k))];
  const pageOf = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const pages = await Page.query(db)
      .modify('inItem', row.item_id)
      .modify('notDeleted')
      .whereIn('stable_key', wanted.slice(i, i + 500))
      .select('page_id', 'stable_key');
    for (const p of pages) pageOf.set(p.stable_key!, p.page_id);
  }
  const operations: ApiVersionOperation[] = changes.map((c) => {
    const key = keyOf.get(`${c.method} ${c.path}`);
    return { method: c.method, path: c.path, change: c.change, breaking: c.breaking, reasons: c.reasons, page_id: key ? (pageOf.get(key) ?? null) : null };
  });
  return { ...entryOf(row), item_id: row.item_id, operations };
}

/** The latest snapshot of every stream of the item (what `docs plan` diffs a spec file against). */
export async function latestApiSnapshots(db: Db, itemId: number): Promise<{ stream: string; version_id: number; number: number; snapshot: ApiSnapshot }[]> {
  const latest = ApiVersion.query(db).modify('inItem', itemId).groupBy('stream').max('version_id');
  const rows = await ApiVersion.query(db).whereIn('version_id', latest).select('stream', 'version_id', 'number', 'snapshot');
  return rows.map((r) => ({ stream: r.stream, version_id: r.version_id, number: r.number, snapshot: readSnapshot(r.snapshot) }));
}

/**
 * The versions that changed a page (by its stable key), newest first. The first version of an API
 * (every operation "added") is left out: it is where the page came from, not a change of it.
 */
export async function pageApiChanges(db: Db, itemId: number, stableKey: string | null): Promise<PageApiChange[]> {
  if (!stableKey) return [];
  const rows = (await ApiVersionChange.query(db)
    .alias('c')
    .join('api_versions as v', 'v.version_id', 'c.version_id')
    .where({ 'c.item_id': itemId, 'c.page_key': stableKey })
    .whereExists(ApiVersion.query(db).alias('p').select(db.raw('1')).whereRaw('p.item_id = v.item_id and p.stream = v.stream and p.version_id < v.version_id'))
    .orderBy('c.version_id', 'desc')
    .limit(50)
    .select('v.version_id', 'v.number', 'v.created_at', 'c.change', 'c.breaking')) as unknown as {
    version_id: number;
    number: number;
    created_at: number | string;
    change: PageApiChange['change'];
    breaking: number;
  }[];
  return rows.map((r) => ({ version_id: r.version_id, number: r.number, created_at: Number(r.created_at), change: r.change, breaking: !!r.breaking }));
}
