import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/** A tools/call answer as the tests read it. */
export type McpResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: any };

/**
 * MCP clients of one test file: personal access tokens made through `token/create`, the official
 * SDK client over real HTTP to the server's `/mcp`, and `closeAll` for afterAll.
 */
export function mcpClients(tokenName: string) {
  const clients: Client[] = [];
  return {
    /** A token of `user` on `server` (scope write unless `params` says otherwise). */
    async token(server: TestServer, user: { token: string }, params: Record<string, unknown> = {}): Promise<string> {
      const r = await server.call('token/create', { name: tokenName, scope: 'write', ...params }, { token: user.token });
      expect(r.error_code, r.error_message).toBe(0);
      return r.data.token;
    },
    async connect(server: TestServer, secret: string): Promise<Client> {
      const client = new Client({ name: 'folio-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }),
      );
      clients.push(client);
      return client;
    },
    async call(client: Client, name: string, args: Record<string, unknown>): Promise<McpResult> {
      return (await client.callTool({ name, arguments: args })) as McpResult;
    },
    async closeAll(): Promise<void> {
      for (const c of clients) await c.close().catch(() => undefined);
    },
  };
}
