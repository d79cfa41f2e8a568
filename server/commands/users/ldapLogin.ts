import crypto from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import { ldapAuthenticate } from '../../auth/ldap.ts';
import type { Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { createUser } from './createUser.ts';
import { findUserById, findUserByLogin } from './users.ts';
import type { UserRow } from '../../models/User.ts';
import { USERNAME_PATTERN } from './validation.ts';

/**
 * The LDAP fallback of a password login (site setting `ldap_open`): the directory decides, and a
 * local account is created on the first successful login. Null when LDAP is off, the user is
 * unknown to the directory or the password is wrong. A failing directory is logged (never the
 * password) and counts as a failed login, so a local user can still log in while it is down.
 */
export async function loginViaLdap(deps: Deps, login: string, password: string): Promise<UserRow | null> {
  const settings = await loadSiteSettings(deps.db);
  if (settings.ldap_open !== 1) return null;
  const username = login.trim();
  let entry;
  try {
    entry = await ldapAuthenticate(settings.ldap_form, username, password);
  } catch (err) {
    deps.logger.warn({ ldap: err instanceof AppError ? err.message : String(err) }, 'LDAP login could not reach a decision');
    return null;
  }
  if (!entry) return null;
  const existing = await findUserByLogin(deps.db, username);
  if (existing) return existing;
  // Directory names that are not valid Folio usernames (e-mail-like, spaces) cannot get an account.
  if (!USERNAME_PATTERN.test(username)) return null;
  try {
    // The local password is random and never told: LDAP users always log in through the directory.
    const { uid } = await createUser(deps, { username, password: crypto.randomBytes(24).toString('base64url'), name: entry.name });
    deps.logger.info({ uid, username, dn: entry.dn }, 'created a local account for an LDAP user');
    return findUserById(deps.db, uid);
  } catch (err) {
    // Two first logins at once: the other one created the account.
    const raced = await findUserByLogin(deps.db, username);
    if (raced) return raced;
    throw err;
  }
}
