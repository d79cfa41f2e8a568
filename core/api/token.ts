import { z } from 'zod';
import type { AccessTokenList, AdminAccessTokenList, CreatedAccessToken, McpAuditPage } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { preprocess, zId, zInt, zRequiredText, zText } from './schema.ts';

/**
 * The actions of `server/routes/api/token.ts`: `token/*`, the caller's personal access tokens
 * (issue #23); `adminToken/*`, every user's, for administrators; `mcpAudit/list`, the MCP write log.
 */

/** At most this many items on one token's allow-list (a longer list is a sign "all items" was meant). */
const MAX_TOKEN_ITEMS = 100;
/** Default and longest expiry offered, in days. */
const DEFAULT_EXPIRES_DAYS = 90;
const MAX_EXPIRES_DAYS = 3650;

/** Scopes a personal access token can have: `read` lists no write tool at all. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** `item_ids`: "1,5,9" (or a JSON list), empty = all of the user's items. */
const zItemIds = preprocess(
  (v) => {
    if (Array.isArray(v)) return v;
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
    if (typeof s !== 'string') return s;
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    }
    return s ? s.split(',').map((x) => x.trim()) : [];
  },
  z.array(zId, 'must be comma-separated item ids').max(MAX_TOKEN_ITEMS, `must list at most ${MAX_TOKEN_ITEMS} items`),
);

export const tokenList = contract<AccessTokenList>()('token/list', z.object({}));

/** The secret comes back once, here: the server keeps only its hash. */
export const tokenCreate = contract<CreatedAccessToken>()(
  'token/create',
  z.object({
    name: zRequiredText(100),
    scope: z.enum(TOKEN_SCOPES, 'must be read or write'),
    item_ids: zItemIds.optional().default([]),
    expires_days: zInt(0, MAX_EXPIRES_DAYS).optional().default(DEFAULT_EXPIRES_DAYS),
  }),
);

export const tokenRevoke = contract<NoData>()('token/revoke', z.object({ token_id: zId }));

export const adminTokenList = contract<AdminAccessTokenList>()('adminToken/list', z.object({ username: zText(64).optional().default('') }));

export const adminTokenRevoke = contract<NoData>()('adminToken/revoke', z.object({ token_id: zId }));

/** One item's log (its owner or managers), or the whole site's (administrators, no `item_id`). */
export const mcpAuditList = contract<McpAuditPage>()(
  'mcpAudit/list',
  z.object({
    item_id: zId.optional(),
    page: zInt(1, 1_000_000).optional().default(1),
    count: zInt(1, 200).optional().default(50),
  }),
);
