import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { MAX_SOURCE_PATH, pathRefusal, refsRefusal } from '../../../core/safePath.ts';
import { SYNC_BLOB_HISTORY_MAX, SYNC_SOURCE_MAX, type SyncChange } from '../../../core/sync.ts';
import { apiWriterOf, authorizeApiCall } from '../../access/apiKeys.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { applyChanges } from '../../commands/sync/applyChanges.ts';
import { MAX_CATALOG_PATH_DEPTH, SYNC_LIMITS } from '../../commands/sync/limits.ts';
import { readPageContents, readSyncTree } from '../../commands/sync/readTree.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zFlag, zId, zJsonField } from '../../../core/api/schema.ts';
import { apiCredentials } from './open.ts';
import { storeSyncAsset } from '../../commands/sync/storeSyncAsset.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { fileUrl } from '../../presenters/file.ts';
import { storageOf } from '../../storage/index.ts';
import { apiVersionsField, recordPushedApiVersions, snapshotPushedApis, type SyncApiVersionResult } from '../../commands/sync/apiVersions.ts';
import { latestApiSnapshots } from '../../commands/apiChanges/readApiVersions.ts';

/**
 * `sync/*`: what the `docs` CLI needs beyond ShowDoc's open API — the tree with revisions and
 * content hashes (no content), contents in batches, and an atomic change set with base-revision
 * checks. Same api_key/api_token credentials as `open/*`.
 */
const contentText = z.string('must be text').refine((s) => Buffer.byteLength(s, 'utf8') <= SYNC_LIMITS.maxContentBytes, `must be at most ${SYNC_LIMITS.maxContentBytes / 1024 / 1024} MB`);
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
  source_head: z.string('must be text').max(64 * 1024, 'must be at most 64 KB').nullable().optional(),
  source_hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha-256 hex digest').optional(),
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
    z.object({ op: z.literal('create'), cat_path: catPath.default([]), title, content: contentText, s_number: order.optional(), stable_key: z.string().max(300).optional(), ...source }),
    z.object({ op: z.literal('update'), page_id: pageId, base_revision: revision, cat_path: catPath.optional(), title: title.optional(), content: contentText.optional(), s_number: order.optional(), ...source }),
    z.object({ op: z.literal('delete'), page_id: pageId, base_revision: revision.optional(), force: z.boolean().optional() }),
    z.object({ op: z.literal('confirm'), page_id: pageId, base_revision: revision, ...source }),
    z.object({ op: z.literal('name'), page_id: pageId, source_path: sourcePath, from: sourcePath.optional() }),
    z.object({ op: z.literal('catalog'), cat_path: catPath.min(1, 'must name a catalog'), s_number: order }),
  ],
  { error: 'op: must be create, update, delete, confirm, name or catalog' },
);

/** page_ids as a JSON array, a JSON string of one, or "1,2,3". */
const pageIds = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim().startsWith('[') ? v.split(',').filter((s) => s.trim()) : v),
  zJsonField(z.array(zId).min(1, 'must list at least one page id').max(SYNC_LIMITS.maxPageFetch, `at most ${SYNC_LIMITS.maxPageFetch} ids per call`)),
);

export const syncActions: ActionDef[] = [
  action({
    name: 'sync/apiVersions',
    auth: 'public',
    writes: false,
    input: z.object(apiCredentials).loose(),
    async handle({ input, actor, services }) {
      // The latest recorded version of every API of the item: what `docs plan` diffs spec files against.
      const item = await authorizeApiCall(services, input, { write: false, actor });
      return { versions: await latestApiSnapshots(services.db, item.item_id) };
    },
  }),

  action({
    name: 'sync/upload',
    auth: 'public',
    writes: true,
    input: z.object({ ...apiCredentials, sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be the sha-256 of the file, in hex') }).loose(),
    async handle({ input, actor, files, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const row = await storeSyncAsset(services, await storageOf(services), { item, sha256: input.sha256, file: files.find((f) => f.field === 'file') ?? files[0] });
      return { sign: row.sign, url: fileUrl(await siteBaseUrl(services), row.sign) };
    },
  }),

  action({
    name: 'sync/tree',
    auth: 'public',
    writes: false,
    input: z.object(apiCredentials).loose(),
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      const tree = await readSyncTree(services.db, item.item_id);
      // The attachment limit lets `docs plan` name files the upload would refuse before anything is written.
      return { item: { item_id: item.item_id, item_name: item.item_name, item_type: item.item_type }, ...tree, upload_max_bytes: Math.round(services.config.UPLOAD_MAX_MB * 1024 * 1024) };
    },
  }),

  action({
    name: 'sync/pages',
    auth: 'public',
    writes: false,
    input: z.object({ ...apiCredentials, page_ids: pageIds }).loose(),
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      return { pages: await readPageContents(services.db, item.item_id, input.page_ids) };
    },
  }),

  action({
    name: 'sync/apply',
    auth: 'public',
    writes: true,
    input: z
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
    async handle({ input, actor, params, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      let apiVersions: SyncApiVersionResult[] | undefined;
      // Snapshotted in a worker process, before the batch's transaction opens.
      const uploads = input.api_versions ?? [];
      const snapshots = uploads.length ? await snapshotPushedApis(services.jobs, uploads) : [];
      const outcome = await applyChanges(services, {
        itemId: item.item_id,
        changes: input.changes as SyncChange[],
        // Atomic unless the caller explicitly asks otherwise.
        atomic: params.atomic === undefined ? true : !!input.atomic,
        historyLimit: await historyLimitFor(services),
        author: apiWriterOf(actor, input),
        source: input.source,
        afterApply: uploads.length ? async (tx) => void ({ results: apiVersions } = await recordPushedApiVersions(tx, item.item_id, uploads, snapshots)) : undefined,
      });
      return apiVersions ? { ...outcome, api_versions: apiVersions } : outcome;
    },
  }),
];
