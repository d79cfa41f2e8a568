import { errors } from '../../../core/errors.ts';
import { authorizeApiCall } from '../../access/apiKeys.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { deletePreview, listPreviews, openPreview } from '../../commands/items/previews.ts';
import { action, type ActionDef } from '../../http/action.ts';
import type { ItemRow } from '../../models/Item.ts';
import { presentPreview } from '../../presenters/preview.ts';
import * as contracts from '../../../core/api/syncPreview.ts';

/**
 * `sync/preview*`: pull-request previews for `docs push --preview NAME` (issue #21 part 7), with
 * the source item's api_key/api_token: whoever may push to the item may preview into it.
 */
/** A preview has no previews of its own: its key pushes into it, nothing more. */
function refusePreviewSource(item: ItemRow): void {
  if (item.preview_of)
    throw errors.validation("api_key: this is a preview's key; use the key of the item it previews", 'api_key：这是预览的密钥，请使用被预览项目的密钥');
}

export const syncPreviewActions: ActionDef[] = [
  action(contracts.syncPreviewOpen, {
    auth: 'public',
    writes: true,
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: true });
      refusePreviewSource(source);
      // The server's PREVIEW_TTL_HOURS is the longest a preview lives; --expires may ask for less.
      const hours = Math.min(input.expires_hours ?? services.config.PREVIEW_TTL_HOURS, services.config.PREVIEW_TTL_HOURS);
      const opened = await openPreview(services, source, input.name, hours * 3600);
      return {
        preview: presentPreview(opened.item, await siteBaseUrl(services)),
        created: opened.created,
        api_key: opened.token.api_key,
        api_token: opened.token.api_token,
      };
    },
  }),

  action(contracts.syncPreviews, {
    auth: 'public',
    writes: false,
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: false });
      refusePreviewSource(source);
      const base = await siteBaseUrl(services);
      return { previews: (await listPreviews(services.db, source.item_id)).map((p) => presentPreview(p, base)) };
    },
  }),

  action(contracts.syncPreviewDelete, {
    auth: 'public',
    writes: true,
    async handle({ input, services }) {
      const source = await authorizeApiCall(services, input, { write: true });
      refusePreviewSource(source);
      if (!(await deletePreview(services, source.item_id, input.name))) throw errors.notFound(`preview "${input.name}"`);
      return { deleted: input.name };
    },
  }),
];
