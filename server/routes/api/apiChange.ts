import { errors } from '../../../core/errors.ts';
import { mayReadApiChanges, requireApiChangeRead } from '../../access/apiChanges.ts';
import { apiVersionInfo, itemOfApiVersion, listApiVersions, pageApiChanges } from '../../commands/apiChanges/readApiVersions.ts';
import { loadReadablePage } from '../../access/pages.ts';
import { pageByShareKey } from '../../access/shareKeys.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/apiChange.ts';

/**
 * `apiChange/*`: the API change history of an item (issue #12). Versions are recorded by every
 * import or push of an OpenAPI/Postman description (commands/apiChanges/recordApiVersion.ts);
 * these calls read them under the item's read rights, or through a share link of a page of a
 * public item (`share_key`, see access/apiChanges.ts).
 */
export const apiChangeActions: ActionDef[] = [
  action(contracts.apiChangeList, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const itemId = await requireApiChangeRead(services, actor, { itemId: input.item_id, shareKey: input.share_key || undefined });
      return { item_id: itemId, versions: await listApiVersions(services.db, itemId) };
    },
  }),

  action(contracts.apiChangeInfo, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const itemId = await itemOfApiVersion(services.db, input.version_id);
      if (itemId === null) throw errors.notFound('API version');
      const allowed = await requireApiChangeRead(services, actor, { itemId, shareKey: input.share_key || undefined });
      if (allowed !== itemId) throw errors.notFound('API version');
      return (await apiVersionInfo(services.db, input.version_id))!;
    },
  }),

  action(contracts.apiChangePage, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      // The versions that changed one page: its "changed in version N" badge, which links to the
      // changelog only when `changelog` says the caller may open it.
      if (input.unique_key) {
        const page = await pageByShareKey(services, input.unique_key);
        if (!page) throw errors.notFound('page');
        const changes = await pageApiChanges(services.db, page.item_id, page.stable_key);
        return { changes, changelog: changes.length > 0 && (await mayReadApiChanges(services, actor, { shareKey: input.unique_key })) };
      }
      if (!input.page_id) throw errors.validation('page_id: is required');
      const { page } = await loadReadablePage(services, actor, input.page_id);
      const changes = await pageApiChanges(services.db, page.item_id, page.stable_key);
      return { changes, changelog: changes.length > 0 && (await mayReadApiChanges(services, actor, { itemId: page.item_id })) };
    },
  }),
];
