import { errors } from '../../../core/errors.ts';
import { authorizeSiteAudit, requireExpiryAllowed, requireReadableItems } from '../../access/accessTokens.ts';
import { listMcpAudit } from '../../commands/mcp/audit.ts';
import { createAccessToken, listAllTokens, listUserTokens, revokeAccessToken } from '../../commands/tokens/accessTokens.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/token.ts';
import type { UserActor } from '../../policies/actor.ts';
import { presentAccessToken, presentAdminAccessToken, presentMcpAudit } from '../../presenters/accessToken.ts';
import { loadSiteSettings } from '../../settings.ts';

/**
 * `token/*`: the caller's personal access tokens (issue #23); `adminToken/*`: every user's, for
 * administrators; `mcpAudit/list`: the MCP server's write log. None of them may be called with a
 * token (`allowTokens: false`): a leaked token must not mint, list or keep alive others.
 */
export const tokenActions: ActionDef[] = [
  action(contracts.tokenList, {
    auth: 'user',
    writes: false,
    allowTokens: false,
    async handle({ actor, services }) {
      const [rows, settings] = await Promise.all([listUserTokens(services, (actor as UserActor).uid), loadSiteSettings(services.db)]);
      // The site switches too, so the settings screen offers "never" only where it is allowed.
      return {
        tokens: rows.map((r) => presentAccessToken(r, services.config.TIMEZONE)),
        mcp_enabled: settings.mcp_enabled,
        token_never_expire: settings.token_never_expire,
      };
    },
  }),

  action(contracts.tokenCreate, {
    auth: 'user',
    writes: true,
    allowTokens: false,
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

  action(contracts.tokenRevoke, {
    auth: 'user',
    writes: true,
    allowTokens: false,
    async handle({ input, actor, services }) {
      // Only the caller's own tokens: someone else's id answers as if it did not exist.
      if (!(await revokeAccessToken(services, input.token_id, (actor as UserActor).uid))) throw errors.notFound('token');
      return [];
    },
  }),

  action(contracts.adminTokenList, {
    auth: 'admin',
    writes: false,
    async handle({ input, services }) {
      const rows = await listAllTokens(services, input.username.trim() || undefined);
      return { tokens: rows.map((r) => presentAdminAccessToken(r, services.config.TIMEZONE)) };
    },
  }),

  action(contracts.adminTokenRevoke, {
    auth: 'admin',
    writes: true,
    async handle({ input, services }) {
      if (!(await revokeAccessToken(services, input.token_id, null))) throw errors.notFound('token');
      return [];
    },
  }),

  action(contracts.mcpAuditList, {
    auth: 'user',
    writes: false,
    allowTokens: false,
    // An item's log for its managers; without item_id, the whole site's for administrators.
    load: { item: { param: 'item_id', need: 'manage', optional: true } },
    async handle({ input, actor, services, loaded }) {
      authorizeSiteAudit(actor, loaded.item);
      const { rows, total } = await listMcpAudit(services, { itemId: input.item_id, page: input.page, count: input.count });
      return { entries: rows.map((r) => presentMcpAudit(r, services.config.TIMEZONE)), total };
    },
  }),
];
