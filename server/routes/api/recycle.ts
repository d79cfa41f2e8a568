import { errors } from '../../../core/errors.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/recycle.ts';
import { recoverPage } from '../../commands/pages/deletePage.ts';
import { authorOf } from '../../policies/author.ts';
import { presentRecycleEntry } from '../../presenters/page.ts';
import { RecycleEntry } from '../../models/RecycleEntry.ts';

/** `recycle/*` actions: the item's recycle bin (managers only). */
export const recycleActions: ActionDef[] = [
  action(contracts.recycleGetList, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ input, services }) {
      const rows = await RecycleEntry.query(services.db)
        .modify('inItem', input.item_id)
        .orderBy([
          { column: 'del_time', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('page_id', 'item_id', 'page_title', 'cat_id', 'del_by_uid', 'del_by_username', 'del_time');
      return rows.map((r) => presentRecycleEntry(r, services.config.TIMEZONE));
    },
  }),

  action(contracts.recycleRecover, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services }) {
      const recovered = await recoverPage(services, { itemId: input.item_id, pageId: input.page_id, by: authorOf(actor) });
      if (!recovered) throw errors.notFound('page');
      return recovered;
    },
  }),
];
