import { McpAuditEntry, type McpAuditRow } from '../../models/McpAuditEntry.ts';
import type { Deps } from '../../services.ts';
import { toCount } from '../../db/knex.ts';

export interface AuditEntryInput {
  tokenId: number;
  uid: number;
  username: string;
  tokenName: string;
  tool: string;
  itemId: number;
  target: string;
  result: string;
}

/**
 * Records one write tool call. Written after the call on its own (not in the tool's
 * transaction), so a refused or failed write leaves its row too.
 */
export async function recordMcpAudit(deps: Deps, entry: AuditEntryInput): Promise<void> {
  await McpAuditEntry.knexTable(deps.db).insert({
    token_id: entry.tokenId,
    uid: entry.uid,
    username: entry.username.slice(0, 64),
    token_name: entry.tokenName.slice(0, 100),
    tool: entry.tool.slice(0, 64),
    item_id: entry.itemId,
    target: entry.target.slice(0, 300),
    result: entry.result.slice(0, 300),
    created_at: deps.now(),
  });
}

/** One page of the audit, newest first: an item's rows, or the whole site's (itemId absent). */
export async function listMcpAudit(
  deps: Pick<Deps, 'db'>,
  opts: { itemId?: number; page: number; count: number },
): Promise<{ rows: McpAuditRow[]; total: number }> {
  const base = () => {
    const q = McpAuditEntry.query(deps.db);
    if (opts.itemId) q.modify('inItem', opts.itemId);
    return q;
  };
  const [rows, total] = await Promise.all([
    base()
      .orderBy('id', 'desc')
      .offset((opts.page - 1) * opts.count)
      .limit(opts.count),
    base().count({ n: '*' }).first(),
  ]);
  return { rows, total: toCount(total as Record<string, unknown> | undefined) };
}
