import { callUntyped, type CallOptions } from './client.ts';
import type { AccessTokenList, AdminAccessTokenInfo, CreatedAccessToken, Id, McpAuditInfo, Paged } from '@core/wire';

export type { AccessTokenInfo, AdminAccessTokenInfo, McpAuditInfo } from '@core/wire';

/** Scopes a personal access token can have (issue #23): `read` lists no write tool at all. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface TokenInput {
  name: string;
  scope: TokenScope;
  /** Comma-separated item ids; '' = every item of the user. */
  item_ids: string;
  /** 0 = never expires (only when the administrator allows it). */
  expires_days: number;
}

/** The caller's own personal access tokens (user settings), with the site switches that shape the form. */
export const tokenApi = {
  list: () => callUntyped<AccessTokenList>('token/list'),
  /** The secret comes back once, here: the server keeps only its hash. */
  create: (p: TokenInput, o?: CallOptions) => callUntyped<CreatedAccessToken>('token/create', p, o),
  revoke: (token_id: Id) => callUntyped('token/revoke', { token_id }),
};

/** Every user's tokens, for administrators. */
export const adminTokenApi = {
  list: (username = '') => callUntyped<{ tokens: AdminAccessTokenInfo[] }>('adminToken/list', username ? { username } : {}),
  revoke: (token_id: Id) => callUntyped('adminToken/revoke', { token_id }),
};

/** The MCP write log: one item's (owner or manager), or the whole site's (administrator, no `item_id`). */
export const mcpAuditApi = {
  list: async (p: { item_id?: Id; page: number; count: number }): Promise<Paged<McpAuditInfo>> => {
    const data = await callUntyped<{ entries: McpAuditInfo[]; total: number }>('mcpAudit/list', p);
    return { list: data.entries, total: Number(data.total) };
  },
};
