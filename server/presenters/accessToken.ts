import type { AccessTokenInfo, AdminAccessTokenInfo, McpAuditInfo } from '../../core/wire.ts';
import { formatDateTime } from '../../core/time.ts';
import { parseItemIds } from '../auth/accessTokens.ts';
import type { TokenWithOwner, AccessTokenRow } from '../models/AccessToken.ts';
import type { McpAuditRow } from '../models/McpAuditEntry.ts';

/** A token as its owner sees it: never the secret nor its hash. */
export function presentAccessToken(row: AccessTokenRow, timeZone: string): AccessTokenInfo {
  return {
    token_id: row.id,
    name: row.name,
    scope: row.scope,
    item_ids: parseItemIds(row.item_ids),
    created_at: formatDateTime(row.created_at, timeZone),
    last_used_at: formatDateTime(row.last_used_at, timeZone),
    expires_at: formatDateTime(row.expires_at, timeZone),
  };
}

export function presentAdminAccessToken(row: TokenWithOwner, timeZone: string): AdminAccessTokenInfo {
  return { ...presentAccessToken(row, timeZone), username: row.username };
}

export function presentMcpAudit(row: McpAuditRow, timeZone: string): McpAuditInfo {
  return {
    audit_id: row.id,
    created_at: formatDateTime(row.created_at, timeZone),
    created_at_unix: row.created_at,
    username: row.username,
    token_name: row.token_name,
    tool: row.tool,
    item_id: row.item_id,
    target: row.target,
    result: row.result,
  };
}
