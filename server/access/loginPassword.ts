import { errors } from '../../core/errors.ts';
import { verifyUserPassword } from '../auth/verifyPassword.ts';
import type { Db } from '../db/knex.ts';

/**
 * Dangerous actions (item transfer, archive, delete; team transfer) ask the caller to type their
 * login password again: 10208 when it is missing or wrong.
 */
export async function confirmLoginPassword(db: Db, uid: number, password: string | undefined): Promise<void> {
  const row = (await db('users').where({ uid }).first('password_hash')) as { password_hash: string } | undefined;
  if (!row || !password || !(await verifyUserPassword(password, row.password_hash)).ok) throw errors.passwordWrong();
}
