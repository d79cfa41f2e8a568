import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { authorizeApiCall } from '../../access/apiKeys.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { deletePreview, listPreviews, openPreview } from '../../commands/items/previews.ts';
import { action, type ActionDef } from '../../http/action.ts';
import type { ItemRow } from '../../models/Item.ts';
import { presentPreview } from '../../presenters/preview.ts';
import { apiCredentials } from './open.ts';

/**
 * `sync/preview*`: pull-request previews for `docs push --preview NAME` (issue #21 part 7), with
 * the source item's api_key/api_token: whoever may push to the item may preview into it.
 */
const previewName = z
  .string('must be text')
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit (e.g. pr-42)');

/** A preview has no previews of its own: its key pushes into it, nothing more. */
function refusePreviewSource(item: ItemRow): void {
  if (item.preview_of) throw errors.validation('api_key: this is a preview\'s key; use the key of the item it previews', 'api_key：这是预览的密钥，请使用被预览项目的密钥');
}

export const syncPreviewActions: ActionDef[] = [
  action({
    name: 'sync/previewOpen',
    auth: 'public',
    writes: true,
    input: z
      .object({
        ...apiCredentials,
        name: previewName,
        expires_hours: z.coerce.number('must be a number').int('must be a whole number of hours').min(1, 'must be at least 1 hour').optional(),
      })
      .loose(),
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: true });
      refusePreviewSource(source);
      // The server's PREVIEW_TTL_HOURS is the longest a preview lives; --expires may ask for less.
      const hours = Math.min(input.expires_hours ?? services.config.PREVIEW_TTL_HOURS, services.config.PREVIEW_TTL_HOURS);
      const opened = await openPreview(services, source, input.name, hours * 3600);
      return { preview: presentPreview(opened.item, await siteBaseUrl(services)), created: opened.created, api_key: opened.token.api_key, api_token: opened.token.api_token };
    },
  }),

  action({
    name: 'sync/previews',
    auth: 'public',
    writes: false,
    input: z.object(apiCredentials).loose(),
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: false });
      refusePreviewSource(source);
      const base = await siteBaseUrl(services);
      return { previews: (await listPreviews(services.db, source.item_id)).map((p) => presentPreview(p, base)) };
    },
  }),

  action({
    name: 'sync/previewDelete',
    auth: 'public',
    writes: true,
    input: z.object({ ...apiCredentials, name: previewName }).loose(),
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: true });
      refusePreviewSource(source);
      if (!(await deletePreview(services, source.item_id, input.name))) throw errors.notFound(`preview "${input.name}"`);
      return { deleted: input.name };
    },
  }),
];
