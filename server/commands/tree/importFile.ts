import fs from 'node:fs/promises';
import type { Lang } from '../../../core/errors.ts';
import type { DocTree } from '../../../core/tree.ts';
import type { ImportAutoResult } from '../../../core/wire.ts';
import { storageOf } from '../../storage/index.ts';
import type { Services } from '../../services.ts';
import { fileJobError } from '../../../workers/jobErrors.ts';
import { withContents } from '../../../workers/treeContents.ts';
import { latestApiVersion, recordApiVersion, type RecordedApiVersion } from '../apiChanges/recordApiVersion.ts';
import { folderFileStore } from '../files/storeFolderFile.ts';
import { historyLimitFor } from '../pages/history.ts';
import { persistTree } from './persistTree.ts';
import type { JobOutput } from '../../../workers/jobs.ts';

export interface ImportFileInput {
  /** A file on disk (an upload's temp file). */
  path: string;
  /** The name the client gave the file, if any (the importer reads its extension; webhooks name it). */
  fileName?: string;
  lang: Lang;
  owner: { uid: number; username: string };
  /** Import into this item (the caller checked the right to edit all of it); absent: a new item. */
  itemId?: number;
  itemName?: string;
  password?: string;
}

/**
 * One file (ShowDoc/Markdown zip, OpenAPI/Swagger, Postman) into an item: read, validated, parsed
 * and snapshotted in a worker process, then written in one transaction, and for an API
 * description an API version recorded. `import/auto` and the MCP server's folio_import_openapi
 * both come here, so they import and record versions exactly alike.
 */
export async function importFile(services: Services, input: ImportFileInput): Promise<ImportAutoResult> {
  const fileName = input.fileName || 'file';
  // The worker also compares the spec with the item's latest API version: this process only writes rows.
  const latest = input.itemId ? await latestApiVersion(services.db, input.itemId, '') : null;
  // The pages' text comes back in a file of its own, read page by page as each is written.
  const contentsFile = services.jobs.scratchPath('contents');
  try {
    const imported = await explained(
      services.jobs.run('import', { path: input.path, fileName: input.fileName, lang: input.lang, latest, contentsFile }, { fileName }),
    );
    const contents = imported.contents ? await withContents(imported.tree, imported.contents) : null;
    try {
      return await writeImported(services, input, contents?.tree ?? imported.tree, imported);
    } finally {
      contents?.close();
    }
  } finally {
    await fs.rm(contentsFile, { force: true });
  }
}

/** The imported tree into its item in one transaction, with the API version it brings; the answer of `import/auto`. */
async function writeImported(
  services: Services,
  input: ImportFileInput,
  tree: DocTree,
  imported: Pick<JobOutput<'import'>, 'api' | 'validation' | 'skipped'>,
): Promise<ImportAutoResult> {
  const fileName = input.fileName || 'file';
  const { api, validation, skipped } = imported;
  let recorded = null as RecordedApiVersion | null;
  const result = await persistTree(services, {
    tree,
    owner: input.owner,
    itemId: input.itemId,
    itemName: input.itemName || undefined,
    password: input.password,
    historyLimit: await historyLimitFor(services),
    source: input.fileName,
    // A Markdown folder's images become attachments of the item, as `docs push` uploads them.
    storeFile: tree.folder ? folderFileStore(services, await storageOf(services)) : undefined,
    afterWrite: api
      ? async (tx, itemId) => {
          recorded = await recordApiVersion(tx, {
            itemId,
            stream: '',
            sourceName: input.fileName ?? '',
            kind: api.kind,
            // Another version recorded since the worker compared: compared again, in a worker too.
            api: {
              prepared: api.prepared,
              reprepare: (now) => explained(services.jobs.run('reprepareApiVersion', { prepared: api.prepared, latest: now }, { fileName })),
            },
            author: input.owner,
          });
        }
      : undefined,
  });
  return {
    item_id: result.itemId,
    ...(result.generatedPassword ? { item_password: result.generatedPassword } : {}),
    ...(recorded ? { api_version: { version_id: recorded.version_id, number: recorded.number, summary: recorded.summary } } : {}),
    ...(validation?.total ? { warnings: validation.warnings, warnings_total: validation.total, warnings_kind: 'validation' as const } : {}),
    ...(skipped?.total ? { warnings: skipped.warnings, warnings_total: skipped.total, warnings_kind: 'skipped_entries' as const } : {}),
  };
}

/** A job's failure as the error its user is shown (the file and the limit it ran into, say). */
function explained<T>(job: Promise<T>): Promise<T> {
  return job.catch((err: unknown) => {
    throw fileJobError(err);
  });
}
