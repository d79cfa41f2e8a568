import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { loadItem, requireWholeItemEdit } from '../../access/items.ts';
import { persistTree } from '../../commands/tree/persistTree.ts';
import { folderFileStore } from '../../commands/files/storeFolderFile.ts';
import { storageOf } from '../../storage/index.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { latestApiVersion, recordApiVersion, type RecordedApiVersion } from '../../commands/apiChanges/recordApiVersion.ts';
import type { ImportAutoResult } from '../../../core/wire.ts';
import { actorRef } from '../../policies/actor.ts';
import { zId, zText } from '../../http/schema.ts';
import { fileJobError } from '../../workers/jobErrors.ts';

/**
 * `import/auto`: one uploaded file (ShowDoc/Markdown zip, OpenAPI/Swagger JSON or YAML, Postman
 * collection), detected from its content. Creates a new item with the chosen visibility
 * (`password`: empty = open, else private with it; not sent = private with a random password,
 * answered as `item_password` so the owner knows it), or imports into `item_id` when the caller
 * may edit all of it. Nothing is written unless the whole file reads. An OpenAPI/Postman file also
 * records an API version of the item (apiChange/*), answered as `api_version` when the API changed.
 * An OpenAPI file that reads but fails strict validation imports, its problems answered as `warnings`.
 */
export const importActions: ActionDef[] = [
  action({
    name: 'import/auto',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId.optional(), item_name: zText(MAX.itemName).optional(), password: zText(MAX.password).optional() }).loose(),
    async handle({ input, actor, services, files, lang }): Promise<ImportAutoResult> {
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.failed('file: no file was uploaded', 'file：请上传文件');
      if (input.item_id) requireWholeItemEdit(await loadItem(services, actor, input.item_id));
      // Read, validated, parsed, snapshotted and compared with the item's latest API version in a
      // worker process (server/workers/): this one goes on answering, and only writes the rows.
      const fileName = file.originalFilename || 'file';
      const explained = <T>(job: Promise<T>): Promise<T> =>
        job.catch((err: unknown) => {
          throw fileJobError(err);
        });
      const latest = input.item_id ? await latestApiVersion(services.db, input.item_id, '') : null;
      const imported = await explained(services.jobs.run('import', { path: file.filepath, fileName: file.originalFilename ?? undefined, lang, latest }, { fileName }));
      const { tree, api, validation } = imported;
      let recorded = null as RecordedApiVersion | null;
      const result = await persistTree(services, {
        tree,
        owner: actorRef(actor), // auth 'user': the dispatcher let only users in
        itemId: input.item_id,
        itemName: input.item_name || undefined,
        password: input.password,
        historyLimit: await historyLimitFor(services),
        source: file.originalFilename,
        // A Markdown folder's images become attachments of the item, as `docs push` uploads them.
        storeFile: tree.folder ? folderFileStore(services, await storageOf(services)) : undefined,
        afterWrite: api
          ? async (tx, itemId) => {
              recorded = await recordApiVersion(tx, {
                itemId,
                stream: '',
                sourceName: file.originalFilename ?? '',
                kind: api.kind,
                api: { prepared: api.prepared, reprepare: (now) => explained(services.jobs.run('reprepareApiVersion', { prepared: api.prepared, latest: now }, { fileName })) },
                author: actorRef(actor),
              });
            }
          : undefined,
      });
      return {
        item_id: result.itemId,
        ...(result.generatedPassword ? { item_password: result.generatedPassword } : {}),
        ...(recorded ? { api_version: { version_id: recorded.version_id, number: recorded.number, summary: recorded.summary } } : {}),
        ...(validation?.total ? { warnings: validation.warnings, warnings_total: validation.total } : {}),
      };
    },
  }),
];
