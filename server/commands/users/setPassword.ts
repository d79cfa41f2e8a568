import { revokeMailedTokens } from '../../auth/mailedTokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';

/**
 * Stores a new password and ends the user's sessions, except `keepSessionId` (the session that
 * made the change, so the person changing their own password stays logged in on this device
 * while every other device has to log in again). Outstanding reset links die too.
 */
export async function setUserPassword(deps: Deps, uid: number, newPassword: string, opts: { keepSessionId?: number } = {}): Promise<void> {
  const password_hash = await hashPassword(newPassword);
  await inTransaction(deps, async (tx) => {
    await User.query(tx.db).findById(uid).patch({ password_hash });
    await revokeUserSessions(tx, uid, opts.keepSessionId);
    await revokeMailedTokens(tx, uid, 'reset');
  });
}
