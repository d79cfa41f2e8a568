import { AppError, ErrorCode, errors } from '../../core/errors.ts';
import { findUserById, findUserByVerifiedEmail } from '../models/userLookups.ts';
import type { Db } from '../db/knex.ts';
import type { Actor } from '../policies/actor.ts';
import { User } from '../models/User.ts';
import { denials } from './denials.ts';

export interface UserRef {
  uid: number;
  username: string;
  name: string;
}

/** 10209 naming the field and the unknown name, so a comma list says which entry failed. */
function unknownUser(field: string, name: string): AppError {
  return new AppError(ErrorCode.USER_NOT_FOUND, { en: `${field}: there is no user "${name}"`, zh: `${field}：用户“${name}”不存在` });
}

/** A user by username or verified e-mail address (the forms accept either), or 10209. */
export async function findUserByNameOrEmail(db: Db, nameOrEmail: string, field = 'username'): Promise<UserRef> {
  const s = nameOrEmail.trim();
  const byName = s ? ((await User.query(db).where('username', s).select('uid', 'username', 'name').first()) as UserRef | undefined) : undefined;
  const row = byName ?? (s ? await findUserByVerifiedEmail(db, s) : null);
  if (!row) throw unknownUser(field, s);
  return { uid: row.uid, username: row.username, name: row.name };
}

/** The logged-in caller's own user row; 10102 (session invalid) when the account is gone meanwhile. */
export async function loadCurrentUser(db: Db, actor: Actor) {
  const user = actor.kind === 'user' ? await findUserById(db, actor.uid) : null;
  if (!user) throw denials.notLoggedIn('invalid');
  return user;
}

/** Splits ShowDoc's comma list of usernames (`a,b, c`), dropping blanks and repeats. */
export function splitNameList(list: string): string[] {
  return [
    ...new Set(
      list
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Resolves every name of a comma list, or 10209 naming the first unknown one. */
export async function findUsers(db: Db, list: string, field = 'username'): Promise<UserRef[]> {
  const names = splitNameList(list);
  if (names.length === 0) throw errors.validation(`${field}: is required`);
  const out: UserRef[] = [];
  for (const name of names) out.push(await findUserByNameOrEmail(db, name, field));
  return out;
}
