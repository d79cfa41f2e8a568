import { errors } from '../../core/errors.ts';
import { ldapCheckPassword } from '../auth/ldap.ts';
import { verifyUserPassword } from '../auth/verifyPassword.ts';
import type { Db } from '../db/knex.ts';
import { User } from '../models/User.ts';
import { loadSiteSettings } from '../settings.ts';

/** An LDAP-linked account's password is the directory's; false when LDAP is off or cannot decide. */
async function directoryAccepts(db: Db, dn: string | null, password: string): Promise<boolean> {
  const settings = await loadSiteSettings(db);
  if (settings.ldap_open !== 1 || !dn) return false;
  return ldapCheckPassword(settings.ldap_form, dn, password).catch(() => false);
}

/**
 * Dangerous actions (item transfer, archive, delete; team transfer; e-mail change) ask the caller
 * to type their login password again: 10208 when it is missing or wrong. LDAP-linked accounts
 * type their directory password, as at login.
 */
export async function confirmLoginPassword(db: Db, uid: number, password: string | undefined): Promise<void> {
  const row = await User.query(db).findById(uid).select('password_hash', 'auth_source', 'ldap_dn');
  if (!row || !password) throw errors.passwordWrong();
  const ok = row.auth_source === 'ldap' ? await directoryAccepts(db, row.ldap_dn, password) : (await verifyUserPassword(password, row.password_hash)).ok;
  if (!ok) throw errors.passwordWrong();
}
