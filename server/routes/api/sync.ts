import type { SyncApiVersionResult, SyncChange } from '../../../core/sync.ts';
import * as contracts from '../../../core/api/sync.ts';
import { apiWriterOf, authorizeApiCall } from '../../access/apiKeys.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { applyChanges } from '../../commands/sync/applyChanges.ts';
import { readPageContents, readSyncTree } from '../../commands/sync/readTree.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { storeSyncAsset } from '../../commands/sync/storeSyncAsset.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { fileUrl } from '../../presenters/file.ts';
import { storageOf } from '../../storage/index.ts';
import { recordPushedApiVersions, snapshotPushedApis } from '../../commands/sync/apiVersions.ts';
import { latestApiSnapshots } from '../../commands/apiChanges/readApiVersions.ts';

/**
 * `sync/*`: what the `docs` CLI needs beyond ShowDoc's open API — the tree with revisions and
 * content hashes (no content), contents in batches, and an atomic change set with base-revision
 * checks. Same api_key/api_token credentials as `open/*`.
 */
export const syncActions: ActionDef[] = [
  action(contracts.syncApiVersions, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      // The latest recorded version of every API of the item: what `docs plan` diffs spec files against.
      const item = await authorizeApiCall(services, input, { write: false, actor });
      return { versions: await latestApiSnapshots(services.db, item.item_id) };
    },
  }),

  action(contracts.syncUpload, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, files, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const row = await storeSyncAsset(services, await storageOf(services), {
        item,
        sha256: input.sha256,
        file: files.find((f) => f.field === 'file') ?? files[0],
      });
      return { sign: row.sign, url: fileUrl(await siteBaseUrl(services), row.sign) };
    },
  }),

  action(contracts.syncTree, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      const tree = await readSyncTree(services.db, item.item_id);
      // The attachment limit lets `docs plan` name files the upload would refuse before anything is written.
      return {
        item: { item_id: item.item_id, item_name: item.item_name, item_type: item.item_type },
        ...tree,
        upload_max_bytes: Math.round(services.config.UPLOAD_MAX_MB * 1024 * 1024),
      };
    },
  }),

  action(contracts.syncPages, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      return { pages: await readPageContents(services.db, item.item_id, input.page_ids) };
    },
  }),

  action(contracts.syncApply, {
    auth: 'public',
    writes: true,
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
        afterApply: uploads.length
          ? async (tx) => void ({ results: apiVersions } = await recordPushedApiVersions(tx, item.item_id, uploads, snapshots))
          : undefined,
      });
      return apiVersions ? { ...outcome, api_versions: apiVersions } : outcome;
    },
  }),
];
