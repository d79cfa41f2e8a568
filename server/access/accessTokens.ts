import { errors } from '../../core/errors.ts';
import { isAdmin, type Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { loadSiteSettings } from '../settings.ts';
import { loadItem, requireVisit, type LoadedItem } from './items.ts';
import { denials } from './denials.ts';

type Svc = Pick<Services, 'db' | 'secret' | 'now'>;

/**
 * A token's allow-list may only name items its user can read (10101 / 10303 naming nothing the
 * user could not already see): a token never grants more than its user.
 */
export async function requireReadableItems(services: Svc, actor: Actor, itemIds: number[]): Promise<void> {
  for (const id of itemIds) requireVisit(await loadItem(services, actor, id));
}

/** `expires_days` 0 ("never") needs the site's permission (`token_never_expire`). */
export async function requireExpiryAllowed(services: Pick<Services, 'db'>, expiresDays: number): Promise<void> {
  if (expiresDays > 0) return;
  if (!(await loadSiteSettings(services.db)).token_never_expire) {
    throw errors.validation(
      'expires_days: tokens must expire on this site (0 = never is allowed only when the administrator permits it)',
      'expires_days：本站的令牌必须设置有效期（只有管理员允许时才能设为 0 = 永不过期）',
    );
  }
}

/**
 * The MCP audit: an item's rows are for its managers (declared in the route table: `load` item
 * manage, 10303/10313); without an item, the whole site's rows are for administrators (10103).
 */
export function authorizeSiteAudit(actor: Actor, item: LoadedItem | null): void {
  if (!item && !isAdmin(actor)) throw denials.adminRequired();
}
