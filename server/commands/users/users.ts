import type { Db } from '../../db/knex.ts';
import type { UserRow } from '../../models/User.ts';

export async function findUserById(db: Db, uid: number): Promise<UserRow | null> {
  return ((await db('users').where({ uid }).first()) as UserRow | undefined) ?? null;
}

/** Finds an account by username, or by e-mail address (stored lower-case), case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const value = login.trim();
  if (!value) return null;
  const exact = (await db('users').where({ username: value }).first()) as UserRow | undefined;
  if (exact) return exact;
  const lower = value.toLowerCase();
  const row = (await db('users')
    .whereRaw('lower(username) = ?', [lower])
    .orWhere({ email: lower })
    .orderBy('uid')
    .first()) as UserRow | undefined;
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return ((await db('users').where({ email: email.trim().toLowerCase() }).first()) as UserRow | undefined) ?? null;
}
