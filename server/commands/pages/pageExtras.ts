import { toCount } from '../../db/knex.ts';
import { FilePage } from '../../models/FilePage.ts';
import { SinglePage } from '../../models/SinglePage.ts';
import type { Deps } from '../../services.ts';

/**
 * page/info's extras in one round trip: how many files are attached and the live share key ('' if
 * none). Two model subqueries under one table-less select, which objection cannot start from.
 */
export async function pageExtras(deps: Pick<Deps, 'db' | 'now'>, pageId: number): Promise<{ attachment_count: number; unique_key: string }> {
  const { db } = deps;
  const row = (await db
    .select(
      FilePage.query(db).where({ page_id: pageId }).count('*').toKnexQuery().as('attachment_count'),
      SinglePage.query(db)
        .where({ page_id: pageId })
        .andWhere((q) => q.where('expire_time', 0).orWhere('expire_time', '>', deps.now()))
        .select('unique_key')
        .toKnexQuery()
        .as('unique_key'),
    )
    .first()) as { attachment_count: unknown; unique_key: string | null } | undefined;
  return { attachment_count: toCount({ n: row?.attachment_count ?? 0 }), unique_key: row?.unique_key ?? '' };
}
