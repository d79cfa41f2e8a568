import type { Db } from '../../db/knex.ts';
import { User, type UserRow } from '../../models/User.ts';

export async function findUserById(db: Db, uid: number): Promise<UserRow | null> {
  return (await User.query(db).findById(uid)) ?? null;
}

/** Finds an account by username, or by e-mail address (stored lower-case), case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const value = login.trim();
  if (!value) return null;
  const exact = await User.query(db).where({ username: value }).first();
  if (exact) return exact;
  const lower = value.toLowerCase();
  const row = await User.query(db)
    .whereRaw('lower(username) = ?', [lower])
    .orWhere({ email: lower })
    .orderBy('uid')
    .first();
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await User.query(db).where({ email: email.trim().toLowerCase() }).first()) ?? null;
}
