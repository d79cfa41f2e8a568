// User look-ups shared by access/ (who is this?) and the user commands: plain queries on the users table.
import type { Db } from '../db/knex.ts';
import { User, type UserRow } from './User.ts';

export async function findUserById(db: Db, uid: number): Promise<UserRow | null> {
  return (await User.query(db).findById(uid)) ?? null;
}

/**
 * THE look-up of a user by e-mail address, for every place an address names a person (login,
 * member and team-member forms, item and team transfer, password reset). Only a verified address
 * counts: an unverified one is a mere claim, and anyone may claim any unused address (issue #20.7).
 */
export async function findUserByVerifiedEmail(db: Db, email: string): Promise<UserRow | null> {
  const address = email.trim().toLowerCase();
  if (!address) return null;
  return (await User.query(db).where({ email: address, email_verify: 1 }).first()) ?? null;
}

/** Finds an account by username (exact, then case-insensitive), or by its verified e-mail address. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const value = login.trim();
  if (!value) return null;
  const exact = await User.query(db).where({ username: value }).first();
  if (exact) return exact;
  const folded = await User.query(db).whereRaw('lower(username) = ?', [value.toLowerCase()]).orderBy('uid').first();
  return folded ?? (await findUserByVerifiedEmail(db, value));
}
