import { AppError, ErrorCode } from '../../core/errors.ts';
import { recordMcpAudit } from '../commands/mcp/audit.ts';
import { spendTokenBudget } from '../access/apiKeys.ts';
import type { McpTool, ToolContext } from './tool.ts';

/** What a tools/call answers (the SDK's CallToolResult, kept structural). */
export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Runs one tools/call: the token's request budget (spendTokenBudget: OPEN_API_RATE_PER_MINUTE,
 * kept in the database so every process and instance spends the same one), the tool, and for
 * write tools an audit row whatever the outcome. Refusals are tool errors the model can read and act on
 * (`isError`, the Folio error code and sentence, and what it needs to retry: `retry_after`, the
 * current revision of a stale page); they never carry a stack or a secret.
 */
export async function runTool(tool: McpTool, ctx: ToolContext, input: Record<string, unknown>): Promise<ToolAnswer> {
  const { services, actor } = ctx;
  let answer: ToolAnswer;
  try {
    await spendTokenBudget(services, actor.token.id);
    const result = (await tool.run(ctx, input)) as Record<string, unknown>;
    answer = { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (err) {
    answer = refusal(err, services.logger, tool.name);
  }
  if (tool.write && tool.auditTarget) {
    const where = await tool.auditTarget(input as never, services);
    const outcome = answer.isError ? answer.content[0]!.text : 'ok';
    await recordMcpAudit(services, {
      tokenId: actor.token.id,
      uid: actor.uid,
      username: actor.username,
      tokenName: actor.token.name,
      tool: tool.name,
      itemId: where.itemId,
      target: where.target,
      result: outcome,
    });
  }
  return answer;
}

function refusal(err: unknown, logger: { error(o: object, msg: string): void }, toolName: string): ToolAnswer {
  if (err instanceof AppError) {
    const data = err.data && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : {};
    const detail = Object.keys(data).length ? ` ${JSON.stringify(data)}` : '';
    return {
      isError: true,
      content: [{ type: 'text', text: `Error ${err.code}: ${err.localized.en}${detail}` }],
      _meta: { 'folio/error': { error_code: err.code, ...data } },
    };
  }
  logger.error({ err, tool: toolName }, 'mcp tool failed');
  return { isError: true, content: [{ type: 'text', text: `Error ${ErrorCode.SERVER_ERROR}: internal error` }] };
}
