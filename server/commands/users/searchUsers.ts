import type { Db } from '../../db/knex.ts';
import { User, type UserRow } from '../../models/User.ts';

const USER_PICKER_LIMIT = 50;

/** `%`, `_` and `\` typed by the user are matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Users whose username contains `needle` (case-insensitive), for the member picker. */
export async function searchUsersByName(db: Db, needle: string, limit = USER_PICKER_LIMIT): Promise<Pick<UserRow, 'uid' | 'username' | 'name'>[]> {
  const q = User.query(db).select('uid', 'username', 'name').orderBy('username').limit(limit);
  if (needle) q.whereRaw(`lower(username) like ? escape '\\'`, [`%${escapeLike(needle.toLowerCase())}%`]);
  return q;
}
