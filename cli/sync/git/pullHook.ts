import type { SyncPage } from '../../../core/sync.ts';
import { blobIdOf } from './history.ts';

/**
 * A file this folder has no sync state for (a fresh clone) is the very version the sync stored
 * for the page when its git blob is the one the server recorded: not a local edit, so a pull
 * replaces it with the server's newer version instead of calling it a conflict.
 */
export async function isStoredVersion(root: string, localText: string, page: Pick<SyncPage, 'sync_blob'>): Promise<boolean> {
  if (!page.sync_blob) return false;
  return (await blobIdOf(root, localText)) === page.sync_blob;
}
