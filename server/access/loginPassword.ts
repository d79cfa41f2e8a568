import { errors } from '../../core/errors.ts';
import { verifyUserPassword } from '../auth/verifyPassword.ts';
import type { Db } from '../db/knex.ts';
import { User } from '../models/User.ts';

/**
 * Dangerous actions (item transfer, archive, delete; team transfer) ask the caller to type their
 * login password again: 10208 when it is missing or wrong.
 */
export async function confirmLoginPassword(db: Db, uid: number, password: string | undefined): Promise<void> {
  const row = await User.query(db).findById(uid).select('password_hash');
  if (!row || !password || !(await verifyUserPassword(password, row.password_hash)).ok) throw errors.passwordWrong();
}
