import { AppError, errors } from '../../core/errors.ts';
import { pageByShareKey } from './shareKeys.ts';
import { assertSiteReadable } from './pages.ts';
import type { Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { findItem, loadItem, requireVisit } from './items.ts';
import { denials } from './denials.ts';

type Svc = Pick<Services, 'db' | 'secret' | 'now'>;

/**
 * Who may read an item's API change history (`apiChange/*`): whoever may read the whole item —
 * the changelog names every operation of the API, so a member limited to some catalogs is
 * refused (10301) rather than shown operations whose pages are hidden from them. A page's share
 * link (`share_key`) opens the changelog of its item only where anyone may read the whole item
 * anyway: a public item (no visit password) on a site that does not force a login. Otherwise a
 * share link opens its page and nothing more (10301, or 10312 for guests under a forced login).
 * Answers the item id the caller may read.
 */
export async function requireApiChangeRead(services: Svc, actor: Actor, target: { itemId?: number; shareKey?: string }): Promise<number> {
  await assertSiteReadable(services, actor);
  if (target.shareKey) {
    const page = await pageByShareKey(services, target.shareKey);
    if (!page) throw errors.notFound('page');
    const item = await findItem(services.db, page.item_id);
    if (!item || item.is_del) throw errors.notFound('item');
    if (item.password_hash) throw denials.noVisit();
    return item.item_id;
  }
  if (!target.itemId) throw errors.validation('item_id: is required');
  const loaded = await loadItem(services, actor, target.itemId);
  requireVisit(loaded);
  if (loaded.abilities.allowedTopCatIds !== null) throw denials.noVisit();
  return loaded.item.item_id;
}

/**
 * Whether the caller may open the item's changelog (`apiChange/page` says so, so a page's
 * "changed in version N" badge links there only when the link would open): false where
 * requireApiChangeRead refuses with a permission error.
 */
export async function mayReadApiChanges(services: Svc, actor: Actor, target: { itemId?: number; shareKey?: string }): Promise<boolean> {
  try {
    await requireApiChangeRead(services, actor, target);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}
