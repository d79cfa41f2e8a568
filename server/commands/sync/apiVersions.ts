import { z } from 'zod';
import { FormatError } from '../../../importers/errors.ts';
import { errors } from '../../../core/errors.ts';
import type { Deps } from '../../services.ts';
import { recordApiVersion, type RecordedApiVersion } from '../apiChanges/recordApiVersion.ts';
import { API_AUTHOR } from './limits.ts';
import type { ApiSourceKind } from '../../../core/apiChanges.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import { ApiVersion } from '../../models/ApiVersion.ts';

/**
 * The API descriptions a `docs push` sends beside its pages (`sync/apply` field `api_versions`).
 * The CLI sends each spec file that changed as the document it pushed (OpenAPI bundled into one
 * file with internal `$ref`s only, or the Postman collection) — not a snapshot it made itself —
 * so the server builds every stored snapshot with its own normaliser: versions from old and new
 * CLIs, and from `import/auto`, stay comparable. Recorded in the transaction of the batch.
 */
export const apiVersionsField = z
  .array(
    z.object({
      source: z.string('must be text').min(1, 'must not be empty').max(1000, 'must be at most 1000 characters'),
      /** Which API of the item: the spec file's path (default `source`), '' for `docs import` (the web import's stream). */
      stream: z.string('must be text').max(1000, 'must be at most 1000 characters').optional(),
      /** null: the file is gone from the folder and the push deletes its pages — the API has no operation left. */
      document: z.record(z.string(), z.unknown(), 'must be the parsed OpenAPI document or Postman collection, or null').nullable(),
    }),
  )
  .max(100, 'at most 100 API descriptions per call');

export type ApiVersionUpload = z.infer<typeof apiVersionsField>[number];

export interface SyncApiVersionResult {
  source: string;
  /** Null when the API is identical to its latest version (nothing recorded). */
  version_id: number | null;
  number: number | null;
  summary: RecordedApiVersion['summary'] | null;
}

export async function recordPushedApiVersions(tx: Deps, itemId: number, uploads: ApiVersionUpload[]): Promise<{ results: SyncApiVersionResult[]; recorded: RecordedApiVersion[] }> {
  const { snapshotApi } = await import('../../../importers/apiSnapshot.ts');
  const results: SyncApiVersionResult[] = [];
  const recorded: RecordedApiVersion[] = [];
  for (const [index, u] of uploads.entries()) {
    let api: { kind: ApiSourceKind; snapshot: ApiSnapshot };
    if (u.document === null) {
      // An API that is gone: an empty version of its stream (every operation removed), of the kind it had.
      const latest = await ApiVersion.query(tx.db).where({ item_id: itemId, stream: u.stream ?? u.source }).orderBy('version_id', 'desc').select('source_kind').first();
      if (!latest) {
        results.push({ source: u.source, version_id: null, number: null, summary: null });
        continue;
      }
      api = { kind: latest.source_kind, snapshot: { title: '', version: '', operations: [] } };
    } else {
      try {
        api = snapshotApi(u.document, u.source);
      } catch (err) {
        if (err instanceof FormatError) throw errors.validation(`api_versions.${index}.document: ${err.message}`);
        throw err;
      }
    }
    const v = await recordApiVersion(tx, { itemId, stream: u.stream ?? u.source, sourceName: u.source, kind: api.kind, snapshot: api.snapshot, author: API_AUTHOR });
    if (v) recorded.push(v);
    results.push({ source: u.source, version_id: v?.version_id ?? null, number: v?.number ?? null, summary: v?.summary ?? null });
  }
  return { results, recorded };
}
