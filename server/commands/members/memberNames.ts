import type { Db } from '../../db/knex.ts';
import type { BaseModel } from '../../models/BaseModel.ts';

/**
 * The rows of a membership model (ItemMember, TeamMember, TeamItemMember) matching `where`, with
 * the given `columns`, in row-id order, each with the member's current `username` (as
 * `usernameAs`) and display `name` read from `users` rather than the copy kept on the row.
 */
export async function listWithMemberNames<Row>(
  db: Db,
  spec: { model: typeof BaseModel; uidColumn: string; usernameAs: string },
  where: Record<string, number>,
  columns: string[],
): Promise<Row[]> {
  const col = (c: string) => `m.${c}`;
  const rows = await spec.model
    .query(db)
    .alias('m')
    .join('users as u', 'u.uid', col(spec.uidColumn))
    .where(Object.fromEntries(Object.entries(where).map(([c, v]) => [col(c), v])))
    .orderBy(col(spec.model.idColumn as string))
    .select([...columns.map(col), `u.username as ${spec.usernameAs}`, 'u.name']);
  return rows as unknown as Row[];
}
