import { call, type CallOptions } from './client.ts';
import type { Id, Paged } from '@core/wire';

/** Scopes a personal access token can have (issue #23): `read` lists no write tool at all. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A time on the wire: epoch seconds, an ISO instant, or ShowDoc's `Y-m-d H:i:s`; empty for "never". */
export type WireTime = number | string | null;

/** `token/list`: one of the caller's tokens (never its secret). `item_ids` empty = all the user's items. */
export interface AccessToken {
  token_id: Id;
  name: string;
  scope: TokenScope;
  item_ids: Id[] | string;
  created_at: WireTime;
  last_used_at: WireTime;
  expires_at: WireTime;
}

/** `adminToken/list`: the same, with its owner. */
export interface AdminAccessToken extends AccessToken {
  username: string;
}

/** `mcpAudit/list`: one write tool call made through MCP. */
export interface McpAuditEntry {
  audit_id: Id;
  created_at: WireTime;
  username: string;
  token_name: string;
  tool: string;
  item_id: Id | null;
  target: string;
  result: string;
}

export interface TokenInput {
  name: string;
  scope: TokenScope;
  /** Comma-separated item ids; '' = every item of the user. */
  item_ids: string;
  /** 0 = never expires (only when the administrator allows it). */
  expires_days: number;
}

/** The two site switches of issue #23, saved with the other web settings (adminSetting/*). */
export interface McpSiteSettings {
  mcp_enabled: number;
  token_never_expire: number;
}

/** The caller's own personal access tokens (user settings). */
export const tokenApi = {
  list: () => call<{ tokens: AccessToken[]; token_never_expire?: number | string; mcp_enabled?: number | string }>('token/list'),
  /** The secret comes back once, here: the server keeps only its hash. */
  create: (p: TokenInput, o?: CallOptions) => call<{ token_id: Id; token: string }>('token/create', p, o),
  revoke: (token_id: Id) => call('token/revoke', { token_id }),
};

/** Every user's tokens, for administrators. */
export const adminTokenApi = {
  list: (username = '') => call<{ tokens: AdminAccessToken[] }>('adminToken/list', username ? { username } : {}),
  revoke: (token_id: Id) => call('adminToken/revoke', { token_id }),
};

/** The MCP write log: one item's (owner or manager), or the whole site's (administrator, no `item_id`). */
export const mcpAuditApi = {
  list: async (p: { item_id?: Id; page: number; count: number }): Promise<Paged<McpAuditEntry>> => {
    const data = await call<{ entries: McpAuditEntry[]; total: number }>('mcpAudit/list', p);
    return { list: data.entries, total: Number(data.total) };
  },
};
