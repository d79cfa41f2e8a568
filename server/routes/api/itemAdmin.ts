import { errors } from '../../../core/errors.ts';
import { setItemGrantCookie, safeReferUrl } from '../../access/itemGrantCookie.ts';
import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { findUserByNameOrEmail } from '../../access/users.ts';
import { archiveItem, leaveItem, softDeleteItem, transferItem } from '../../commands/items/itemLifecycle.ts';
import { checkItemPasswordAttempt } from '../../access/itemPasswordAttempt.ts';
import { listMyItems } from '../../access/myItems.ts';
import { sortMyItems } from '../../commands/items/myItems.ts';
import { captchaIdFromRequest } from '../../captcha/verifyCaptcha.ts';
import { presentSuccess } from '../../presenters/success.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/itemAdmin.ts';
import { actorRef, actorUid } from '../../policies/actor.ts';
import { presentMyListRow } from '../../presenters/item.ts';

/**
 * The caller's items (list, order, leave), the owner-level actions (delete, archive, transfer:
 * creator or administrator, confirmed with the caller's login password) and the visit password.
 *
 * Archived items: delete and transfer stay allowed (an archived item can still be cleaned up or
 * handed over, as in ShowDoc), archiving again is refused with 10311, leaving is always allowed.
 */
export const itemAdminActions: ActionDef[] = [
  action(contracts.itemMyList, {
    auth: 'user',
    writes: false,
    async handle({ input, actor, services }) {
      const rows = await listMyItems(services.db, actorUid(actor), { ownOnly: input.original });
      return rows.map((r) => presentMyListRow(r, services.config.TIMEZONE));
    },
  }),

  action(contracts.itemSort, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services }) {
      const positions = new Map(Object.entries(input.data).map(([id, pos]) => [Number(id), pos] as [number, number]));
      return { sorted: await sortMyItems(services, actorUid(actor), positions) };
    },
  }),

  action(contracts.itemDelete, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'own' } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await confirmLoginPassword(services.db, actorUid(actor), input.password);
      await softDeleteItem(services, loaded.item.item_id);
      return presentSuccess();
    },
  }),

  action(contracts.itemArchive, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'own', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await confirmLoginPassword(services.db, actorUid(actor), input.password);
      await archiveItem(services, loaded.item.item_id);
      return presentSuccess();
    },
  }),

  action(contracts.itemAttorn, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'own' } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await confirmLoginPassword(services.db, actorUid(actor), input.password);
      const to = await findUserByNameOrEmail(services.db, input.username);
      await transferItem(services, loaded.item, to, actorRef(actor));
      return { item_id: loaded.item.item_id, uid: to.uid, username: to.username };
    },
  }),

  action(contracts.itemExitItem, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'exists' } },
    async handle({ actor, services, loaded: { item: loaded } }) {
      if (loaded.item.uid === actorUid(actor))
        throw errors.failed('The creator cannot leave their own item: transfer it first', '创建者不能退出自己的项目，请先转让');
      if (!(await leaveItem(services, loaded.item.item_id, actorUid(actor)))) throw errors.failed('You are not a member of this item', '您不是该项目的成员');
      return presentSuccess();
    },
  }),

  action(contracts.itemPwd, {
    auth: 'public',
    writes: true,
    load: { item: { param: 'item_id', need: 'exists' } },
    async handle({ input, services, params, ip, koa, loaded: { item: loaded } }) {
      // A preview's visit password is its source item's: the grant opens both.
      const item = loaded.rightsItem;
      if (item.password_hash) {
        const code = input.v_code || input.captcha || '';
        await checkItemPasswordAttempt(services, item, {
          password: input.password,
          ip,
          captcha: { id: captchaIdFromRequest(params, koa.get('cookie')), code },
        });
        setItemGrantCookie(koa, services, item);
      }
      return { refer_url: safeReferUrl(input.refer_url ?? '') };
    },
  }),
];
