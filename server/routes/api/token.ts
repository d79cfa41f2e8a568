import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { authorizeAuditRead, requireExpiryAllowed, requireReadableItems } from '../../access/accessTokens.ts';
import { listMcpAudit } from '../../commands/mcp/audit.ts';
import { createAccessToken, listAllTokens, listUserTokens, revokeAccessToken } from '../../commands/tokens/accessTokens.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zInt, zRequiredText, zText } from '../../../core/api/schema.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentAccessToken, presentAdminAccessToken, presentMcpAudit } from '../../presenters/accessToken.ts';
import { loadSiteSettings } from '../../settings.ts';

/** At most this many items on one token's allow-list (a longer list is a sign "all items" was meant). */
const MAX_TOKEN_ITEMS = 100;
/** Default and longest expiry offered, in days. */
const DEFAULT_EXPIRES_DAYS = 90;
const MAX_EXPIRES_DAYS = 3650;

/** `item_ids`: "1,5,9" (or a JSON list), empty = all of the user's items. */
const zItemIds = z.preprocess(
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

/**
 * `token/*`: the caller's personal access tokens (issue #23); `adminToken/*`: every user's, for
 * administrators; `mcpAudit/list`: the MCP server's write log. None of them may be called with a
 * token (`allowTokens: false`): a leaked token must not mint, list or keep alive others.
 */
export const tokenActions: ActionDef[] = [
  action({
    name: 'token/list',
    auth: 'user',
    writes: false,
    allowTokens: false,
    input: z.object({}),
    async handle({ actor, services }) {
      const [rows, settings] = await Promise.all([listUserTokens(services, (actor as UserActor).uid), loadSiteSettings(services.db)]);
      // The site switches too, so the settings screen offers "never" only where it is allowed.
      return { tokens: rows.map((r) => presentAccessToken(r, services.config.TIMEZONE)), mcp_enabled: settings.mcp_enabled, token_never_expire: settings.token_never_expire };
    },
  }),

  action({
    name: 'token/create',
    auth: 'user',
    writes: true,
    allowTokens: false,
    input: z.object({
      name: zRequiredText(100),
      scope: z.enum(['read', 'write'], 'must be read or write'),
      item_ids: zItemIds.optional().default([]),
      expires_days: zInt(0, MAX_EXPIRES_DAYS).optional().default(DEFAULT_EXPIRES_DAYS),
    }),
    async handle({ input, actor, services }) {
      const itemIds = [...new Set(input.item_ids)];
      await requireExpiryAllowed(services, input.expires_days);
      await requireReadableItems(services, actor, itemIds);
      const created = await createAccessToken(services, {
        uid: (actor as UserActor).uid,
        name: input.name.trim(),
        scope: input.scope,
        itemIds,
        expiresDays: input.expires_days,
      });
      return { token_id: created.id, token: created.secret };
    },
  }),

  action({
    name: 'token/revoke',
    auth: 'user',
    writes: true,
    allowTokens: false,
    input: z.object({ token_id: zId }),
    async handle({ input, actor, services }) {
      // Only the caller's own tokens: someone else's id answers as if it did not exist.
      if (!(await revokeAccessToken(services, input.token_id, (actor as UserActor).uid))) throw errors.notFound('token');
      return [];
    },
  }),

  action({
    name: 'adminToken/list',
    auth: 'admin',
    writes: false,
    input: z.object({ username: zText(64).optional().default('') }),
    async handle({ input, services }) {
      const rows = await listAllTokens(services, input.username.trim() || undefined);
      return { tokens: rows.map((r) => presentAdminAccessToken(r, services.config.TIMEZONE)) };
    },
  }),

  action({
    name: 'adminToken/revoke',
    auth: 'admin',
    writes: true,
    input: z.object({ token_id: zId }),
    async handle({ input, services }) {
      if (!(await revokeAccessToken(services, input.token_id, null))) throw errors.notFound('token');
      return [];
    },
  }),

  action({
    name: 'mcpAudit/list',
    auth: 'user',
    writes: false,
    allowTokens: false,
    input: z.object({
      item_id: zId.optional(),
      page: zInt(1, 1_000_000).optional().default(1),
      count: zInt(1, 200).optional().default(50),
    }),
    async handle({ input, actor, services }) {
      await authorizeAuditRead(services, actor, input.item_id);
      const { rows, total } = await listMcpAudit(services, { itemId: input.item_id, page: input.page, count: input.count });
      return { entries: rows.map((r) => presentMcpAudit(r, services.config.TIMEZONE)), total };
    },
  }),
];
