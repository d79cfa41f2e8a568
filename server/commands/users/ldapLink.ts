import { errors } from '../../../core/errors.ts';
import { ldapFindUser } from '../../auth/ldap.ts';
import { revokeMailedTokens } from '../../auth/mailedTokens.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { findUserById } from '../../models/userLookups.ts';

/**
 * `adminUser/linkLdap`: an administrator ties an existing account to a directory entry (found by
 * its login under the configured `user_field`), or unties it with an empty login. A linked account
 * logs in with the directory password only; its sessions end, since they were opened with the
 * local one. An untied account logs in with its local password again (for an account the
 * directory created, that password is random: set one in the same form).
 */
export async function linkAccountToLdap(deps: Deps, input: { uid: number; ldapLogin: string }): Promise<{ auth_source: 'local' | 'ldap'; ldap_dn: string }> {
  const user = await findUserById(deps.db, input.uid);
  if (!user) throw errors.userNotFound();
  const login = input.ldapLogin.trim();
  if (!login) {
    await inTransaction(deps, async (tx) => {
      await User.query(tx.db).findById(user.uid).patch({ auth_source: 'local', ldap_dn: null });
    });
    return { auth_source: 'local', ldap_dn: '' };
  }
  const settings = await loadSiteSettings(deps.db);
  const entry = await ldapFindUser(settings.ldap_form, login);
  if (!entry) {
    throw errors.validation(
      `ldap_login: the directory has no single entry whose ${settings.ldap_form.user_field} is "${login}"`,
      `ldap_login：目录中没有唯一一个 ${settings.ldap_form.user_field} 为“${login}”的条目`,
    );
  }
  const alreadyLinked = (username: string) =>
    errors.failed(`The directory entry ${entry.dn} is already linked to the account "${username}"`, `目录条目 ${entry.dn} 已关联到账号“${username}”`);
  try {
    await inTransaction(deps, async (tx) => {
      const other = await User.query(tx.db).where({ ldap_dn: entry.dn }).whereNot({ uid: user.uid }).first();
      if (other) throw alreadyLinked(other.username);
      await User.query(tx.db).findById(user.uid).patch({ auth_source: 'ldap', ldap_dn: entry.dn });
      if (user.ldap_dn !== entry.dn) {
        await revokeUserSessions(tx, user.uid);
        await revokeMailedTokens(tx, user.uid, 'reset');
      }
    });
  } catch (err) {
    // Two administrators linking the same entry at once: the unique index decides.
    if (isUniqueViolationOn(err, 'ldap_dn')) throw alreadyLinked('another account');
    throw err;
  }
  return { auth_source: 'ldap', ldap_dn: entry.dn };
}
