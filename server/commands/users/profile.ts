import { errors } from '../../../core/errors.ts';
import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { setUserPassword } from './setPassword.ts';
import { findUserByEmail } from './users.ts';

export async function updateDisplayName(deps: Deps, uid: number, name: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await User.query(tx.db).findById(uid).patch({ name });
  });
}

/**
 * `user/resetPassword`: proves the current password (10208), stores the new one and ends every
 * other session of the user; the session that made the change stays valid.
 */
export async function changeOwnPassword(deps: Deps, input: { uid: number; currentPassword: string; newPassword: string; sessionId: number }): Promise<void> {
  await confirmLoginPassword(deps.db, input.uid, input.currentPassword);
  await setUserPassword(deps, input.uid, input.newPassword, { keepSessionId: input.sessionId });
}

/** `user/updateEmail`: proves the password (10208); 10202 when another account has the address. */
export async function changeEmail(deps: Deps, input: { uid: number; email: string; password: string }): Promise<void> {
  await confirmLoginPassword(deps.db, input.uid, input.password);
  const email = input.email.toLowerCase();
  const owner = await findUserByEmail(deps.db, email);
  if (owner && owner.uid !== input.uid) throw errors.emailTaken();
  try {
    await inTransaction(deps, async (tx) => {
      await User.query(tx.db).findById(input.uid).patch({ email, email_verify: 0 });
    });
  } catch (err) {
    if (isUniqueViolationOn(err, 'email')) throw errors.emailTaken();
    throw err;
  }
}
