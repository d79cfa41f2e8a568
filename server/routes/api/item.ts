import { errors } from '../../../core/errors.ts';
import { findItem } from '../../access/items.ts';
import { createItem } from '../../commands/items/createItem.ts';
import { normaliseItemDomain } from '../../commands/items/itemDomain.ts';
import { ensureItemToken, resetItemToken } from '../../commands/items/itemTokens.ts';
import { updateItem, type PasswordChange } from '../../commands/items/updateItem.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/item.ts';
import { actorRef } from '../../policies/actor.ts';
import { presentItemDetail, presentItemToken } from '../../presenters/item.ts';
import { itemAdminActions } from './itemAdmin.ts';

/**
 * `item/*` actions: creating items, their settings and open-API keys. Ownership changes (delete,
 * archive, transfer, leave), the list and the visit password live in `itemAdmin.ts`.
 *
 * Visit-password contract of `item/add` and `item/update`:
 * - ShowDoc's plain form: `password=<text>` makes the item private with that password,
 *   `password=` (empty) makes it public. Leaving `password` out of an update changes nothing.
 * - Folio's form adds `is_private` (1/0): `is_private=0` clears the password; `is_private=1` with
 *   a password sets it; `is_private=1` with an empty password keeps the current one, or is refused
 *   with 10100 `password: …` when the item has none yet.
 */
const privateNeedsPassword = () => errors.validation('password: a private item needs a visit password', 'password：私密项目需要设置访问密码');

/** Reads the password contract above; 10100 naming `password` for a private item without one. */
function passwordChange(input: { password?: string; is_private?: boolean }, hasPassword: boolean): PasswordChange {
  const typed = input.password ?? '';
  if (input.is_private === false) return { kind: 'clear' };
  if (input.is_private === true) {
    if (typed) return { kind: 'set', plain: typed };
    if (hasPassword) return { kind: 'keep' };
    throw privateNeedsPassword();
  }
  if (input.password === undefined) return { kind: 'keep' };
  return typed ? { kind: 'set', plain: typed } : { kind: 'clear' };
}

export const itemActions: ActionDef[] = [
  action(contracts.itemAdd, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'copy_item_id', need: 'copy', optional: true } },
    async handle({ input, actor, services, loaded: { item: source } }) {
      const owner = actorRef(actor);
      const item_domain = normaliseItemDomain(input.item_domain);
      const plain = input.is_private === false ? '' : (input.password ?? '');
      if (input.is_private && !plain) throw privateNeedsPassword();
      if (source) {
        return createItem(services, {
          owner,
          item_name: input.item_name,
          item_description: input.item_description || source.item.item_description,
          item_domain,
          item_type: source.item.item_type,
          // An empty password keeps the source's visit password (ShowDoc copies it too).
          password: plain || input.is_private === false ? { plain } : { hash: source.item.password_hash },
          copyFromItemId: source.item.item_id,
        });
      }
      return createItem(services, {
        owner,
        item_name: input.item_name,
        item_description: input.item_description,
        item_domain,
        item_type: input.item_type,
        password: { plain },
      });
    },
  }),

  action(contracts.itemUpdate, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ input, actor, services, loaded: { item: loaded } }) {
      await updateItem(
        services,
        loaded.item,
        {
          allow_comment: input.allow_comment,
          allow_feedback: input.allow_feedback,
          show_watermark: input.show_watermark,
          live_editing: input.live_editing,
          item_name: input.item_name,
          item_description: input.item_description,
          item_domain: input.item_domain === undefined ? undefined : normaliseItemDomain(input.item_domain),
          password: passwordChange(input, !!loaded.item.password_hash),
        },
        actorRef(actor),
      );
      return presentItemDetail((await findItem(services.db, loaded.item.item_id))!, services.config.TIMEZONE, loaded.abilities);
    },
  }),

  action(contracts.itemDetail, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      return presentItemDetail(loaded.item, services.config.TIMEZONE, loaded.abilities);
    },
  }),

  action(contracts.itemGetKey, {
    auth: 'user',
    writes: false,
    load: { item: { param: 'item_id', need: 'manage' } },
    async handle({ services, loaded: { item: loaded } }) {
      return presentItemToken(await ensureItemToken(services, loaded.item.item_id), services.config.TIMEZONE);
    },
  }),

  action(contracts.itemResetKey, {
    auth: 'user',
    writes: true,
    load: { item: { param: 'item_id', need: 'manage', write: true } },
    async handle({ services, loaded: { item: loaded } }) {
      return presentItemToken(await resetItemToken(services, loaded.item.item_id), services.config.TIMEZONE);
    },
  }),

  ...itemAdminActions,
];
