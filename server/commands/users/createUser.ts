import { errors } from '../../../core/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { User } from '../../models/User.ts';
import type { Deps } from '../../services.ts';

export interface NewUser {
  username: string;
  password: string;
  name?: string;
  email?: string | null;
  groupid?: number;
  /**
   * A hash made beforehand with `hashPassword`, so callers that open a transaction can hash
   * (≈50 ms of scrypt) before taking the connection. `password` is ignored when given.
   */
  passwordHash?: string;
}

/** Creates a user with a scrypt-hashed password; 10201/10202 on a taken username or e-mail. */
export async function createUser(deps: Deps, input: NewUser): Promise<{ uid: number }> {
  const password_hash = input.passwordHash ?? (await hashPassword(input.password));
  // A case-variant of an existing username would make "username or e-mail" logins ambiguous.
  const clash = await User.query(deps.db).whereRaw('lower(username) = ?', [input.username.toLowerCase()]).select('uid').first();
  if (clash) throw errors.usernameTaken();
  try {
    const user = await User.query(deps.db).insert({
        username: input.username,
        name: input.name ?? '',
        email: input.email ? input.email.toLowerCase() : null,
        password_hash,
        groupid: input.groupid ?? 2,
        reg_time: deps.now(),
      });
    return { uid: user.uid };
  } catch (err) {
    if (isUniqueViolationOn(err, 'username')) throw errors.usernameTaken();
    if (isUniqueViolationOn(err, 'email')) throw errors.emailTaken();
    throw err;
  }
}
