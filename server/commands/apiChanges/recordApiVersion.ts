import type { ApiDiff, ApiDiffSummary } from '../../../core/apiDiff.ts';
import { pageKeyPrefix, type ApiSourceKind } from '../../../core/apiChanges.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import type { Deps } from '../../services.ts';
import type { Db } from '../../db/knex.ts';
import type { Author } from '../../policies/author.ts';
import { lockItemForWrites } from '../../db/locks.ts';
import { insertInTurns } from '../../db/insertInTurns.ts';
import { ApiVersion } from '../../models/ApiVersion.ts';
import { ApiVersionChange } from '../../models/ApiVersionChange.ts';
import { enqueueWebhookEvent } from '../webhooks/events.ts';
import { prepareApiVersion, type LatestApiVersion, type PreparedApiVersion } from '../../../importers/apiVersion/prepare.ts';

export interface RecordApiVersionInput {
  itemId: number;
  /** Which API of the item: '' for `import/auto`, the spec file's path for `docs push`. */
  stream: string;
  /** The file it came from, as the user named it. */
  sourceName: string;
  kind: ApiSourceKind;
  /** The new snapshot, or the version an import job prepared from it (importers/apiVersion/prepare.ts). */
  api: { snapshot: ApiSnapshot } | { prepared: PreparedApiVersion; reprepare(latest: LatestApiVersion | null): Promise<PreparedApiVersion> };
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

export { snapshotText, snapshotTextPieces } from '../../../importers/apiVersion/snapshotText.ts';

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
  const latest = await latestApiVersion(tx.db, input.itemId, input.stream);
  const prepared = await preparedFor(input, latest);
  if (prepared.unchanged) return null;
  const { diff } = prepared;
  const top = (await ApiVersion.query(tx.db).modify('inItem', input.itemId).max('number as n').first()) as unknown as { n: number | string | null } | undefined;
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
    snapshot: Buffer.from(prepared.gzipped),
    snapshot_hash: prepared.hash,
    diff: prepared.operationsJson,
    ...diff.summary,
  };
  const { version_id: versionId } = await ApiVersion.query(tx.db).insert(row);
  const prefix = pageKeyPrefix(input.stream);
  const rows = diff.operations.map((op, i) => {
    const key = prepared.pageKeys[i];
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
  // Batches of 100 rows per statement (objection refuses batch inserts on SQLite), with a turn
  // for other requests between them: a new 1,223-operation API is 13 statements (issue #26).
  await insertInTurns(() => ApiVersionChange.knexTable(tx.db), rows, { maxRows: 100 });
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

/** A stream's latest version, which a new snapshot is compared with (null: none yet). */
export async function latestApiVersion(db: Db, itemId: number, stream: string): Promise<LatestApiVersion | null> {
  const row = await ApiVersion.query(db)
    .modify('inItem', itemId)
    .where({ stream })
    .orderBy('version_id', 'desc')
    .select('version_id', 'snapshot', 'snapshot_hash')
    .first();
  return row ? { version_id: row.version_id, snapshot: row.snapshot, snapshot_hash: row.snapshot_hash } : null;
}

/**
 * The version to store: prepared here from the snapshot, or as prepared in the import's worker
 * when it was compared with the stream's latest version as it still is; if another version
 * came in between, compared again with that one (in the job pool, as the caller says).
 */
function preparedFor(input: RecordApiVersionInput, latest: LatestApiVersion | null): Promise<PreparedApiVersion> {
  if ('snapshot' in input.api) return prepareApiVersion(input.api.snapshot, latest);
  if (input.api.prepared.baseVersionId === (latest?.version_id ?? null)) return Promise.resolve(input.api.prepared);
  return input.api.reprepare(latest);
}
