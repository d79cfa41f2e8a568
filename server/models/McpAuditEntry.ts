import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/** One write tool call of the MCP server (`mcp_audit`). */
export interface McpAuditRow {
  id: number;
  token_id: number;
  uid: number;
  username: string;
  token_name: string;
  tool: string;
  item_id: number;
  target: string;
  result: string;
  created_at: number;
}

export interface McpAuditEntry extends McpAuditRow {}
export class McpAuditEntry extends BaseModel {
  static override tableName = 'mcp_audit';
  static override idColumn = 'id';
  static override modifiers = itemModifiers;
}
