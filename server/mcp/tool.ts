import type { z } from 'zod';
import type { TokenGrant, UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';

/** What a tool runs with: the services and the token's user, narrowed by the token (see policies/item.ts). */
export interface ToolContext {
  services: Services;
  actor: UserActor & { token: TokenGrant };
}

/** Where a write tool call lands, for the audit row (known from the input, so a refused call is logged too). */
interface AuditTarget {
  itemId: number;
  target: string;
}

/**
 * One MCP tool. Tools are thin like API actions: zod input -> access (throws AppError) ->
 * the same command the web UI and the CLI use -> a plain result object, which is the tool's
 * `structuredContent` and must match `output`.
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** Written for a model: when to use the tool and what comes back. */
  description: string;
  input: I;
  output: O;
  /** Write tools are hidden from read tokens and audited. */
  write: boolean;
  /** MCP hints; `readOnlyHint` follows from `write`. */
  destructive?: boolean;
  idempotent: boolean;
  /** Write tools: the item and object the call is about, for the audit log. */
  auditTarget?(input: z.output<I>, services: Services): Promise<AuditTarget>;
  run(ctx: ToolContext, input: z.output<I>): Promise<z.output<O>>;
}

/** Declares a tool; the generics keep `run`'s input and result typed from the schemas. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: McpTool<I, O>): McpTool {
  return def as unknown as McpTool;
}
