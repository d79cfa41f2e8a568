import { z } from 'zod';
import { MAX } from '../limits.ts';
import { MAX_SOURCE_PATH, pathRefusal, refsRefusal } from '../safePath.ts';
import {
  MAX_CATALOG_PATH_DEPTH,
  SYNC_BLOB_HISTORY_MAX,
  SYNC_LIMITS,
  SYNC_SOURCE_MAX,
  utf8ByteLength,
  type SyncApiVersion,
  type SyncApplyAnswer,
  type SyncPageContent,
  type SyncTree,
} from '../sync.ts';
import { contract } from './contract.ts';
import { apiCredentials } from './open.ts';
import { preprocess, zFlag, zId, zJsonField } from './schema.ts';

/**
 * The actions of `server/routes/api/sync.ts`: what the `docs` CLI needs beyond ShowDoc's open API
 * (cli/sync/client.ts calls them typed from these contracts). Same api_key/api_token credentials as
 * `open/*`, checked by the handler (access/apiKeys.ts).
 */

const contentText = z
  .string('must be text')
  .refine((s) => utf8ByteLength(s) <= SYNC_LIMITS.maxContentBytes, `must be at most ${SYNC_LIMITS.maxContentBytes / 1024 / 1024} MB`);
const title = z.string('must be text').trim().min(1, 'is required').max(MAX.pageTitle, `must be at most ${MAX.pageTitle} characters`);
const catPath = z
  .array(z.string('must be text').trim().min(1, 'must not be empty').max(MAX.catName, `must be at most ${MAX.catName} characters`))
  .max(MAX_CATALOG_PATH_DEPTH, `catalogs nest at most ${MAX_CATALOG_PATH_DEPTH} levels deep`);
const order = z.number('must be a number').int('must be a whole number').min(-1_000_000_000).max(1_000_000_000);
const revision = z.number('must be a number').int('must be a whole number').min(1, 'must be a positive revision');
const pageId = z.number('must be a number').int('must be a whole number').min(1, 'must be a positive id');

/** A file path relative to the synced folder, by the one rule the CLI also writes and reads by (core/safePath.ts). */
const sourcePath = z
  .string('must be text')
  .min(1, 'must not be empty')
  .max(MAX_SOURCE_PATH, `must be at most ${MAX_SOURCE_PATH} characters`)
  .superRefine((p, ctx) => {
    const why = pathRefusal(p);
    if (why) ctx.addIssue({ code: 'custom', message: `must be a relative path inside the folder: "${p.slice(0, 200)}" ${why}` });
  });
/** The references a push rewrote: every file entry a safe folder path served as an attachment (a pull writes and downloads them). */
const sourceRefs = z
  .string('must be text')
  .max(1024 * 1024, 'must be at most 1 MB')
  .superRefine((refs, ctx) => {
    const why = refsRefusal(refs);
    if (why) ctx.addIssue({ code: 'custom', message: why });
  });
/** A git object id: SHA-1 (40 hex digits) or SHA-256 (64) repositories. */
const gitObjectId = z.string('must be text').regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a git object id (40 or 64 hex digits)');
const source = {
  source_path: sourcePath.optional(),
  source_head: z
    .string('must be text')
    .max(64 * 1024, 'must be at most 64 KB')
    .nullable()
    .optional(),
  source_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be a sha-256 hex digest')
    .optional(),
  source_refs: sourceRefs.nullable().optional(),
  source_blob: gitObjectId.optional(),
  source_blob_history: z.array(gitObjectId).max(SYNC_BLOB_HISTORY_MAX, `must list at most ${SYNC_BLOB_HISTORY_MAX} blob ids`).optional(),
  source_blob_committed: z.boolean('must be true or false').optional(),
  /** The order the push took from the repository's navigation file, or null (the file's own order). */
  source_nav_order: order.nullable().optional(),
};
const change = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('create'),
      cat_path: catPath.default([]),
      title,
      content: contentText,
      s_number: order.optional(),
      stable_key: z.string().max(300).optional(),
      ...source,
    }),
    z.object({
      op: z.literal('update'),
      page_id: pageId,
      base_revision: revision,
      cat_path: catPath.optional(),
      title: title.optional(),
      content: contentText.optional(),
      s_number: order.optional(),
      ...source,
    }),
    z.object({ op: z.literal('delete'), page_id: pageId, base_revision: revision.optional(), force: z.boolean().optional() }),
    z.object({ op: z.literal('confirm'), page_id: pageId, base_revision: revision, ...source }),
    z.object({ op: z.literal('name'), page_id: pageId, source_path: sourcePath, from: sourcePath.optional() }),
    z.object({ op: z.literal('catalog'), cat_path: catPath.min(1, 'must name a catalog'), s_number: order }),
  ],
  { error: 'op: must be create, update, delete, confirm, name or catalog' },
);

/** page_ids as a JSON array, a JSON string of one, or "1,2,3". */
const pageIds = preprocess(
  (v) => (typeof v === 'string' && !v.trim().startsWith('[') ? v.split(',').filter((s) => s.trim()) : v),
  zJsonField(z.array(zId).min(1, 'must list at least one page id').max(SYNC_LIMITS.maxPageFetch, `at most ${SYNC_LIMITS.maxPageFetch} ids per call`)),
);

/**
 * The API descriptions a `docs push` sends beside its pages (`sync/apply` field `api_versions`),
 * each the document it pushed (server/commands/sync/apiVersions.ts snapshots them).
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

const credentialsOnly = z.object(apiCredentials).loose();

/** The latest recorded version of every API of the item: what `docs plan` diffs spec files against. */
export const syncApiVersions = contract<{ versions: SyncApiVersion[] }>()('sync/apiVersions', credentialsOnly);

/** A file the pushed pages reference (multipart field `file`), stored once per content hash. */
export const syncUpload = contract<{ sign: string; url: string }>()(
  'sync/upload',
  z.object({ ...apiCredentials, sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be the sha-256 of the file, in hex') }).loose(),
);

export const syncTree = contract<SyncTree>()('sync/tree', credentialsOnly);

export const syncPages = contract<{ pages: SyncPageContent[] }>()('sync/pages', z.object({ ...apiCredentials, page_ids: pageIds }).loose());

export const syncApply = contract<SyncApplyAnswer>()(
  'sync/apply',
  z
    .object({
      ...apiCredentials,
      changes: zJsonField(z.array(change).max(SYNC_LIMITS.maxChanges, `at most ${SYNC_LIMITS.maxChanges} changes per call`)),
      atomic: zFlag.optional(),
      // API descriptions pushed with this batch: recorded as API versions in its transaction.
      api_versions: zJsonField(apiVersionsField).optional(),
      // What the client is (`docs push`, `docs import <file>`): the source of the set's webhook event.
      source: z.string('must be text').trim().max(SYNC_SOURCE_MAX, `must be at most ${SYNC_SOURCE_MAX} characters`).optional(),
    })
    .loose()
    .refine((i) => i.changes.length > 0 || !!i.api_versions?.length, { path: ['changes'], message: 'must hold at least one change' }),
);
