import type { z } from 'zod';
import type { apiVersionsField } from '../../../core/api/sync.ts';
import type { SyncApiVersionResult } from '../../../core/sync.ts';
import { errors } from '../../../core/errors.ts';
import type { Deps } from '../../services.ts';
import { recordApiVersion, type RecordedApiVersion } from '../apiChanges/recordApiVersion.ts';
import { API_AUTHOR } from '../../policies/author.ts';
import type { ApiSourceKind } from '../../../core/apiChanges.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import { ApiVersion } from '../../models/ApiVersion.ts';
import { JobLimitError, type JobPool } from '../../../workers/pool.ts';

/**
 * The API descriptions a `docs push` sends beside its pages (`sync/apply` field `api_versions`).
 * The CLI sends each spec file that changed as the document it pushed (OpenAPI bundled into one
 * file with internal `$ref`s only, or the Postman collection) — not a snapshot it made itself —
 * so the server builds every stored snapshot with its own normaliser: versions from old and new
 * CLIs, and from `import/auto`, stay comparable. Recorded in the transaction of the batch.
 */
export type ApiVersionUpload = z.output<typeof apiVersionsField>[number];

type PushedSnapshot = { kind: ApiSourceKind; snapshot: ApiSnapshot };

/**
 * The snapshots of the pushed documents, made in a worker process (workers/) before the
 * batch's transaction opens, in the order of `uploads` (null for an API that is gone). A document
 * that is no API description → 10100 naming it; one over the job limits → 10100 naming the limit.
 */
export async function snapshotPushedApis(jobs: JobPool, uploads: ApiVersionUpload[]): Promise<(PushedSnapshot | null)[]> {
  const present = uploads.flatMap((u, index) => (u.document === null ? [] : [{ index, document: u.document, source: u.source }]));
  if (!present.length) return uploads.map(() => null);
  let made;
  try {
    made = await jobs.run(
      'snapshots',
      { documents: present.map(({ document, source }) => ({ document, source })) },
      { fileName: present.map((p) => p.source).join(', ') },
    );
  } catch (err) {
    if (err instanceof JobLimitError) throw errors.validation(`api_versions: ${err.message}`);
    throw err;
  }
  const out: (PushedSnapshot | null)[] = uploads.map(() => null);
  for (const [k, { index }] of present.entries()) {
    const one = made[k]!;
    if ('error' in one) throw errors.validation(`api_versions.${index}.document: ${one.error}`);
    out[index] = one;
  }
  return out;
}

/** Records the pushed APIs (their snapshots from snapshotPushedApis, same order) in the batch's transaction. */
export async function recordPushedApiVersions(
  tx: Deps,
  itemId: number,
  uploads: ApiVersionUpload[],
  snapshots: (PushedSnapshot | null)[],
): Promise<{ results: SyncApiVersionResult[]; recorded: RecordedApiVersion[] }> {
  const results: SyncApiVersionResult[] = [];
  const recorded: RecordedApiVersion[] = [];
  for (const [index, u] of uploads.entries()) {
    let api: PushedSnapshot;
    const made = snapshots[index];
    if (made) api = made;
    else {
      // An API that is gone: an empty version of its stream (every operation removed), of the kind it had.
      const latest = await ApiVersion.query(tx.db)
        .modify('inItem', itemId)
        .where({ stream: u.stream ?? u.source })
        .orderBy('version_id', 'desc')
        .select('source_kind')
        .first();
      if (!latest) {
        results.push({ source: u.source, version_id: null, number: null, summary: null });
        continue;
      }
      api = { kind: latest.source_kind, snapshot: { title: '', version: '', operations: [] } };
    }
    const v = await recordApiVersion(tx, {
      itemId,
      stream: u.stream ?? u.source,
      sourceName: u.source,
      kind: api.kind,
      api: { snapshot: api.snapshot },
      author: API_AUTHOR,
    });
    if (v) recorded.push(v);
    results.push({ source: u.source, version_id: v?.version_id ?? null, number: v?.number ?? null, summary: v?.summary ?? null });
  }
  return { results, recorded };
}
