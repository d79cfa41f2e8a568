import { confirmLoginPassword } from '../../access/loginPassword.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { setUserPassword } from './setPassword.ts';

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
