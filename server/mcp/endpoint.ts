import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { Context, Next } from 'koa';
import { accessTokenActor } from '../http/authenticate.ts';
import { noProof, type TokenGrant, type UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { loadSiteSettings } from '../settings.ts';

const MCP_PATH = '/mcp';
type TokenActor = UserActor & { token: TokenGrant };

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (issue #23, part 2). Every request
 * authenticates its Bearer token against the database (revocation is immediate everywhere) and
 * gets a fresh server instance from the SDK's handler: there is no session to share between
 * workers or instances, so GET/DELETE (session operations) answer 405.
 */
export function mcpEndpoint(services: Services, version: string) {
  // The SDK and the tools load on the first MCP request: a server nobody connects an assistant
  // to does not pay their start-up time (about 0.1 s and 4 MB measured on Node 24).
  let handler: Promise<McpHttpHandler> | null = null;
  const loadHandler = async (): Promise<McpHttpHandler> => {
    const [{ createMcpHandler }, { buildMcpServer }] = await Promise.all([import('@modelcontextprotocol/server'), import('./mcpServer.ts')]);
    return createMcpHandler(({ authInfo }) => buildMcpServer(services, authInfo!.extra!.actor as TokenActor, version), {
      legacy: 'stateless',
      // 'auto': the tools send no progress, so every answer is one JSON body (no SSE stream to keep open).
      maxRequestBodySize: Math.round(services.config.MAX_REQUEST_MB * 1024 * 1024),
      onerror: (err) => services.logger.warn({ err }, 'mcp request refused'),
    });
  };

  return async function mcp(ctx: Context, next: Next) {
    if (ctx.path !== MCP_PATH) return next();
    ctx.state.action = 'mcp';
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    // The site switch and the token are read side by side: one database round trip less per call.
    const [settings, actor] = await Promise.all([loadSiteSettings(services.db), bearer ? accessTokenActor(services, bearer, noProof(), 'MCP') : null]);
    if (!settings.mcp_enabled) {
      return answerJsonRpcError(ctx, 403, 'The MCP server is turned off on this site (administrator setting mcp_enabled)');
    }
    if (!actor?.token) {
      // RFC 6750: no credentials -> only the challenge; bad credentials -> error="invalid_token".
      ctx.set(
        'WWW-Authenticate',
        bearer ? 'Bearer realm="folio", error="invalid_token", error_description="The token is unknown, revoked or expired"' : 'Bearer realm="folio"',
      );
      return answerJsonRpcError(
        ctx,
        401,
        bearer ? 'The token is unknown, revoked or expired' : 'A personal access token is required: Authorization: Bearer folio_pat_…',
      );
    }
    ctx.state.uid = actor.uid;
    const request = new Request(new URL(ctx.originalUrl, 'http://folio.local'), {
      method: ctx.method,
      headers: ctx.req.headers as Record<string, string>,
      body: ctx.method === 'POST' ? (Readable.toWeb(ctx.req) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit);
    handler ??= loadHandler();
    const response = await (
      await handler
    ).fetch(request, { authInfo: { token: '', clientId: `token:${actor.token.id}`, scopes: [actor.token.scope], extra: { actor } } });
    ctx.status = response.status;
    response.headers.forEach((value, key) => ctx.set(key, value));
    ctx.body = response.body ? Readable.fromWeb(response.body as NodeWebStream) : '';
  };
}

function answerJsonRpcError(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = { jsonrpc: '2.0', error: { code: -32001, message }, id: null };
}
