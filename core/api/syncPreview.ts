import { z } from 'zod';
import type { SyncPreview, SyncPreviewOpened } from '../sync.ts';
import { contract } from './contract.ts';
import { apiCredentials } from './open.ts';

/** The actions of `server/routes/api/syncPreview.ts`: pull-request previews for `docs push --preview NAME`. */

const previewName = z
  .string('must be text')
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit (e.g. pr-42)');

export const syncPreviewOpen = contract<SyncPreviewOpened>()(
  'sync/previewOpen',
  z
    .object({
      ...apiCredentials,
      name: previewName,
      expires_hours: z.coerce.number('must be a number').int('must be a whole number of hours').min(1, 'must be at least 1 hour').optional(),
    })
    .loose(),
);

export const syncPreviews = contract<{ previews: SyncPreview[] }>()('sync/previews', z.object(apiCredentials).loose());

export const syncPreviewDelete = contract<{ deleted: string }>()('sync/previewDelete', z.object({ ...apiCredentials, name: previewName }).loose());
