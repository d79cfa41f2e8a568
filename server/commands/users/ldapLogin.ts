import crypto from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import { ldapAuthenticate } from '../../auth/ldap.ts';
import { User, type UserRow } from '../../models/User.ts';
import type { Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { createUser } from './createUser.ts';
import { findUserByLogin } from '../../models/userLookups.ts';
import { USERNAME_PATTERN } from '../../../core/api/accountFields.ts';

/**
 * LDAP login (site setting `ldap_open`). An account belongs to the directory only when it is
 * linked to an entry (`auth_source = 'ldap'`, `ldap_dn`): created by an LDAP login, or linked by an
 * administrator (adminUser/linkLdap). A directory entry never logs into a local account of the
 * same name or e-mail address (issue #20.6: `uid=admin` must not become the local administrator),
 * and a linked account authenticates only against the directory, never with a local password.
 */

async function findLinkedAccount(deps: Deps, dn: string): Promise<UserRow | null> {
  return (await User.query(deps.db).where({ ldap_dn: dn, auth_source: 'ldap' }).first()) ?? null;
}

/**
 * Null when LDAP is off, the directory does not know the login or the password is wrong, or the
 * entry is not linked and its name belongs to a local account (logged, for the administrator to
 * link). A failing directory is logged (never the password) and counts as a failed login.
 * The first login of an unlinked entry whose name is free creates a linked account.
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
  const linked = await findLinkedAccount(deps, entry.dn);
  if (linked) return linked;
  const namesake = await findUserByLogin(deps.db, username);
  if (namesake) {
    deps.logger.warn(
      { uid: namesake.uid, dn: entry.dn },
      'LDAP login refused: a Folio account of that name is not linked to this directory entry (an administrator can link it)',
    );
    return null;
  }
  // Directory names that are not valid Folio usernames (e-mail-like, spaces) cannot get an account.
  if (!USERNAME_PATTERN.test(username)) return null;
  try {
    // The local password is random and never told: the account logs in through the directory only.
    const { uid } = await createUser(deps, { username, password: crypto.randomBytes(24).toString('base64url'), name: entry.name, ldapDn: entry.dn });
    deps.logger.info({ uid, username, dn: entry.dn }, 'created a local account for an LDAP user');
    return (await User.query(deps.db).findById(uid)) ?? null;
  } catch (err) {
    // Two first logins at once: the other one created the account.
    const raced = await findLinkedAccount(deps, entry.dn);
    if (raced) return raced;
    if (err instanceof AppError) return null;
    throw err;
  }
}
