import crypto from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { diffApiSnapshots, formatsDiffer, unchangedAcrossFormats, type ApiDiff } from '../../core/apiDiff.ts';
import { operationKey, type ApiSnapshot } from '../../core/apiSnapshot.ts';
import { readSnapshot } from './readSnapshot.ts';
import { snapshotTextPieces } from './snapshotText.ts';

/** The stream's latest stored version, as a new snapshot is compared with it. */
export interface LatestApiVersion {
  version_id: number;
  snapshot: Uint8Array;
  snapshot_hash: string;
}

/**
 * A new snapshot made ready to store, compared with the stream's latest version: everything of
 * recordApiVersion that needs no database. Plain data, so that an import job makes it in its
 * worker process (workers/importJobs.ts) and the server process only writes the rows.
 */
export interface PreparedApiVersion {
  /** The version it was compared with (null: the stream had none). */
  baseVersionId: number | null;
  hash: string;
  /** gzip of the snapshot's JSON, as api_versions stores it. */
  gzipped: Uint8Array;
  /** Same API as the latest version: nothing to record. */
  unchanged: boolean;
  diff: ApiDiff;
  /** diff.operations as api_versions stores them (JSON): made here, in the job's worker, not on the server's request thread. */
  operationsJson: string;
  /** The stable page key of each of diff.operations (the new version's page, else the old one's). */
  pageKeys: (string | null)[];
}

const EMPTY: ApiSnapshot = { title: '', version: '', operations: [] };

/** The SHA-256 of the snapshot's JSON and its gzip, made piece by piece (never one whole string). */
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

export async function prepareApiVersion(snapshot: ApiSnapshot, latest: LatestApiVersion | null): Promise<PreparedApiVersion> {
  const { hash, gzipped } = await storedSnapshot(snapshot);
  const baseVersionId = latest?.version_id ?? null;
  if (latest?.snapshot_hash === hash)
    return { baseVersionId, hash, gzipped, unchanged: true, diff: diffApiSnapshots(EMPTY, EMPTY), operationsJson: '[]', pageKeys: [] };
  const before = latest ? readSnapshot(latest.snapshot) : EMPTY;
  const diff = diffApiSnapshots(before, snapshot);
  // The latest version was stored in an older snapshot format, so the hashes could not agree:
  // unchanged when the diff finds nothing. (In the same format the hashes already said they differ.)
  const unchanged = !!latest && formatsDiffer(before, snapshot) && unchangedAcrossFormats(before, snapshot, diff);
  const keys = new Map<string, string>();
  for (const op of [...before.operations, ...snapshot.operations]) if (op.pageKey) keys.set(operationKey(op), op.pageKey);
  return {
    baseVersionId,
    hash,
    gzipped,
    unchanged,
    diff,
    operationsJson: JSON.stringify(diff.operations),
    pageKeys: diff.operations.map((op) => keys.get(operationKey(op)) ?? null),
  };
}

/** prepareApiVersion of a snapshot already in its stored form (a prepared one whose base changed meanwhile). */
export function reprepareApiVersion(prepared: PreparedApiVersion, latest: LatestApiVersion | null): Promise<PreparedApiVersion> {
  return prepareApiVersion(readSnapshot(prepared.gzipped), latest);
}
