import type { McpTool } from '../tool.ts';
import { apiTools } from './api.ts';
import { attachmentTools } from './attachments.ts';
import { catalogTools } from './catalogs.ts';
import { commentTools } from './comments.ts';
import { itemTools } from './items.ts';
import { pageTools } from './pages.ts';
import { searchTools } from './search.ts';

/**
 * Every MCP tool, one module per group. A new group (comments, …) is one file here and one line
 * in this list; the server registers them all (write tools only for write tokens).
 */
export const mcpTools: McpTool[] = [...itemTools, ...searchTools, ...pageTools, ...catalogTools, ...apiTools, ...attachmentTools, ...commentTools];
