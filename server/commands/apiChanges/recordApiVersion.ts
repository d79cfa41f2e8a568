import crypto from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { diffApiSnapshots, formatsDiffer, unchangedAcrossFormats, type ApiDiff, type ApiDiffSummary } from '../../../core/apiDiff.ts';
import { pageKeyPrefix, type ApiSourceKind } from '../../../core/apiChanges.ts';
import { operationKey, type ApiSnapshot } from '../../../core/apiSnapshot.ts';
import type { Deps } from '../../services.ts';
import type { Author } from '../pages/pageRow.ts';
import { lockItemForWrites } from '../../db/locks.ts';
import { ApiVersion } from '../../models/ApiVersion.ts';
import { ApiVersionChange } from '../../models/ApiVersionChange.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import { readSnapshot } from './readSnapshot.ts';

export interface RecordApiVersionInput {
  itemId: number;
  /** Which API of the item: '' for `import/auto`, the spec file's path for `docs push`. */
  stream: string;
  /** The file it came from, as the user named it. */
  sourceName: string;
  kind: ApiSourceKind;
  snapshot: ApiSnapshot;
  author: Author;
}

export interface RecordedApiVersion {
  version_id: number;
  /** The item's version number (1, 2, 3 …). */
  number: number;
  itemId: number;
  stream: string;
  sourceName: string;
  kind: ApiSourceKind;
  author: Author;
  created_at: number;
  summary: ApiDiffSummary;
  /** The operations that changed, breaking first (what an `api.changed` announcement tells). */
  diff: ApiDiff;
}

/** Stored form of a snapshot: the builders' key order is deterministic, so equal APIs give equal text. */
export function snapshotText(snapshot: ApiSnapshot): string {
  return JSON.stringify(snapshot);
}

/**
 * snapshotText in pieces (one per operation) whose concatenation is exactly that text. GitHub's
 * description gives 12.6 MB of snapshot JSON: made as one string, then hashed and gzipped, it
 * raised the import's peak RSS by ~50 MB; piece by piece it is never whole in memory.
 */
export function* snapshotTextPieces(snapshot: ApiSnapshot): Generator<string> {
  let first = true;
  for (const [key, value] of Object.entries(snapshot)) {
    if (value === undefined || typeof value === 'function') continue;
    const head = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key !== 'operations' || !Array.isArray(value)) {
      yield head + JSON.stringify(value);
      continue;
    }
    yield `${head}[`;
    for (let i = 0; i < value.length; i++) yield (i ? ',' : '') + (JSON.stringify(value[i]) ?? 'null');
    yield ']';
  }
  yield first ? '{}' : '}';
}

/** The SHA-256 of snapshotText and its gzip (what api_versions stores), made from the pieces. */
async function storedSnapshot(snapshot: ApiSnapshot): Promise<{ hash: string; gzipped: Buffer }> {
  const hash = crypto.createHash('sha256');
  const gzip = zlib.createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => (gzip.once('end', resolve), gzip.once('error', reject)));
  for (const piece of snapshotTextPieces(snapshot)) {
    hash.update(piece, 'utf8');
    if (!gzip.write(piece)) await once(gzip, 'drain');
  }
  gzip.end();
  await ended;
  return { hash: hash.digest('hex'), gzipped: Buffer.concat(chunks) };
}

const EMPTY: ApiSnapshot = { title: '', version: '', operations: [] };

/**
 * THE one place an API version is recorded (import/auto, `docs push` through sync/apply, and
 * whatever comes next): call it with the transaction that writes the pages, so the version and
 * the pages commit or roll back together. Diffs the snapshot against the latest version of the
 * same stream (the first version of a stream counts every operation as added) and stores the
 * snapshot, the diff and one row per changed operation with its page's stable key.
 *
 * Answers null when the API is identical to the stream's latest version (a re-import or a push
 * that changed nothing): nothing is recorded then, and nothing should be announced. Otherwise the
 * new version — the event `api.changed` announces.
 */
export async function recordApiVersion(tx: Deps, input: RecordApiVersionInput): Promise<RecordedApiVersion | null> {
  await lockItemForWrites(tx.db, input.itemId);
  const { hash, gzipped } = await storedSnapshot(input.snapshot);
  const latest = await ApiVersion.query(tx.db).where({ item_id: input.itemId, stream: input.stream }).orderBy('version_id', 'desc').select('snapshot', 'snapshot_hash').first();
  if (latest?.snapshot_hash === hash) return null;
  const before = latest ? readSnapshot(latest.snapshot) : EMPTY;
  const diff = diffApiSnapshots(before, input.snapshot);
  // The latest version was stored in an older snapshot format, so the hashes could not agree:
  // unchanged when the diff finds nothing. (In the same format the hashes already said they differ.)
  if (latest && formatsDiffer(before, input.snapshot) && unchangedAcrossFormats(before, input.snapshot, diff)) return null;
  const top = (await ApiVersion.query(tx.db).where({ item_id: input.itemId }).max('number as n').first()) as unknown as { n: number | string | null } | undefined;
  const number = Number(top?.n ?? 0) + 1;
  const now = tx.now();
  const row = {
    item_id: input.itemId,
    number,
    stream: input.stream.slice(0, 1000),
    source_name: input.sourceName.slice(0, 1000),
    source_kind: input.kind,
    author_uid: input.author.uid,
    author_username: input.author.username.slice(0, 100),
    created_at: now,
    snapshot: gzipped,
    snapshot_hash: hash,
    diff: JSON.stringify(diff.operations),
    ...diff.summary,
  };
  const { version_id: versionId } = await ApiVersion.query(tx.db).insert(row);
  // Each changed operation with the key of its page: the page in the new version, else the old one.
  const keys = new Map<string, string>();
  for (const op of [...before.operations, ...input.snapshot.operations]) if (op.pageKey) keys.set(operationKey(op), op.pageKey);
  const prefix = pageKeyPrefix(input.stream);
  const rows = diff.operations.map((op) => {
    const key = keys.get(operationKey(op));
    return {
      version_id: versionId,
      item_id: input.itemId,
      page_key: key ? `${prefix}${key}`.slice(0, 300) : null,
      method: op.method.slice(0, 10),
      path: op.path.slice(0, 1000),
      change: op.change,
      breaking: op.breaking ? 1 : 0,
    };
  });
  // Batches of 100 rows per statement: objection refuses batch inserts on SQLite.
  for (let i = 0; i < rows.length; i += 100) await ApiVersionChange.knexTable(tx.db).insert(rows.slice(i, i + 100));
  // Announced in the same transaction: the webhook deliveries exist exactly when the version does.
  await enqueueWebhookEvent(
    tx,
    input.itemId,
    'api.changed',
    {
      version_id: versionId,
      number,
      source: input.sourceName,
      summary: diff.summary,
      operations: diff.operations.map(({ method, path, change, breaking, reasons }) => ({ method, path, change, breaking, reasons })),
    },
    input.author,
  );
  return {
    version_id: versionId,
    number,
    itemId: input.itemId,
    stream: input.stream,
    sourceName: input.sourceName,
    kind: input.kind,
    author: input.author,
    created_at: now,
    summary: diff.summary,
    diff,
  };
}
