import { errors } from '../../../core/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { User, type AuthSource } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { assignVerifiedEmail } from './emailAddress.ts';

export interface NewUser {
  username: string;
  password: string;
  name?: string;
  /** Set by an administrator (CLI, admin form): it counts as verified at once. */
  email?: string | null;
  groupid?: number;
  /**
   * A hash made beforehand with `hashPassword`, so callers that open a transaction can hash
   * (≈50 ms of scrypt) before taking the connection. `password` is ignored when given.
   */
  passwordHash?: string;
  /** An account created by an LDAP login: linked to its directory entry from the start. */
  ldapDn?: string;
}

/** Creates a user with a scrypt-hashed password; 10201/10202 on a taken username or e-mail. */
export async function createUser(deps: Deps, input: NewUser): Promise<{ uid: number }> {
  const password_hash = input.passwordHash ?? (await hashPassword(input.password));
  const auth_source: AuthSource = input.ldapDn ? 'ldap' : 'local';
  return inTransaction(deps, async (tx) => {
    // A case-variant of an existing username would make "username or e-mail" logins ambiguous.
    const clash = await User.query(tx.db).whereRaw('lower(username) = ?', [input.username.toLowerCase()]).select('uid').first();
    if (clash) throw errors.usernameTaken();
    let uid: number;
    try {
      const user = await User.query(tx.db).insert({
        username: input.username,
        name: input.name ?? '',
        password_hash,
        groupid: input.groupid ?? 2,
        reg_time: tx.now(),
        auth_source,
        ldap_dn: input.ldapDn ?? null,
      });
      uid = user.uid;
    } catch (err) {
      if (isUniqueViolationOn(err, 'username')) throw errors.usernameTaken();
      throw err;
    }
    if (input.email) await assignVerifiedEmail(tx, uid, input.email);
    return { uid };
  });
}
