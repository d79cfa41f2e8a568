import type { Db } from '../../db/knex.ts';

/**
 * The rows of a membership table (`item_members`, `team_members`, `team_item_members`) matching
 * `where`, with the given `columns`, in row-id order, each with the member's current `username`
 * (as `usernameAs`) and display `name` read from `users` rather than the copy kept on the row.
 */
export async function listWithMemberNames<Row>(
  db: Db,
  spec: { table: string; idColumn: string; uidColumn: string; usernameAs: string },
  where: Record<string, number>,
  columns: string[],
): Promise<Row[]> {
  const col = (c: string) => `m.${c}`;
  return (await db(`${spec.table} as m`)
    .join('users as u', 'u.uid', col(spec.uidColumn))
    .where(Object.fromEntries(Object.entries(where).map(([c, v]) => [col(c), v])))
    .orderBy(col(spec.idColumn))
    .select([...columns.map(col), `u.username as ${spec.usernameAs}`, 'u.name'])) as Row[];
}
