import type { Paged, McpAuditInfo } from '@core/wire';
import type { Input } from '@core/api/index';
import { call } from './client.ts';

/** The MCP write log as a paged list (`entries` → `list`) for the shared paged table. */
export const mcpAuditApi = {
  list: async (p: Input<'mcpAudit/list'>): Promise<Paged<McpAuditInfo>> => {
    const data = await call('mcpAudit/list', p);
    return { list: data.entries, total: data.total };
  },
};
