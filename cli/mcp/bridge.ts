import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { importOptional } from '../../core/missingPackage.ts';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../io.ts';
import { CLI_VERSION } from '../program.ts';

/**
 * The MCP client SDK is an optional peer dependency of the server (package.json): 7.3 MB that only
 * `docs mcp` uses, a command run where an assistant runs rather than on the server, so the
 * server's production install (npm ci --omit=dev) leaves it out. The stand-alone @folio/docs-cli
 * depends on it (cli/package.json); the tests install it as a devDependency.
 */
export const MCP_CLIENT_PACKAGE = { name: '@modelcontextprotocol/client', version: '2.4.0' } as const;

/** What `docs mcp` says when the client SDK is not installed: the command, the package and the two ways to get it. */
export function mcpClientMissing(): CliFailure {
  const { name, version } = MCP_CLIENT_PACKAGE;
  return new CliFailure(
    `docs mcp needs the package ${name}, which the server's production install (npm ci --omit=dev) leaves out: run \`npm install --omit=dev --save-prod --save-exact ${name}@${version}\` in the server's folder, or use the stand-alone @folio/docs-cli, which includes it`,
  );
}

/**
 * The stdio side of `docs mcp`: one MCP server per stdio connection whose tools are the Folio
 * server's, listed and called through the official client over Streamable HTTP. Nothing is
 * cached: each tools/list and tools/call goes to the server, so scope, revocation and the site
 * switch apply exactly as for a direct connection. stdout carries only MCP messages; problems go
 * to stderr.
 */
export async function serveMcpBridge(io: CliIO, flags: { server?: string; token?: string }): Promise<void> {
  const server = (flags.server?.trim() || io.env.DOCS_SERVER?.trim() || '').replace(/\/+$/, '');
  const token = flags.token?.trim() || io.env.DOCS_TOKEN?.trim() || '';
  const missing = [!server && '--server / DOCS_SERVER', !token && '--token / DOCS_TOKEN'].filter(Boolean);
  if (missing.length) throw new CliFailure(`docs mcp needs ${missing.join(' and ')}`);
  let endpoint: URL;
  try {
    endpoint = new URL(`${server}/mcp`);
  } catch {
    throw new CliFailure(`--server / DOCS_SERVER: "${server}" is not a URL such as https://docs.example.com`);
  }

  const { Client, StreamableHTTPClientTransport } = await importOptional(
    MCP_CLIENT_PACKAGE.name,
    () => import('@modelcontextprotocol/client'),
    mcpClientMissing,
  );
  const remote = new Client({ name: 'docs-mcp', version: CLI_VERSION });
  await remote.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${token}` } } })).catch((err: Error) => {
    throw new CliFailure(`could not reach the MCP server at ${endpoint.href}: ${err.message}`);
  });
  const info = remote.getServerVersion();
  serveStdio(
    () => {
      const local = new Server(
        { name: info?.name ?? 'folio', version: info?.version ?? CLI_VERSION },
        { capabilities: { tools: {} }, instructions: remote.getInstructions() },
      );
      local.setRequestHandler('tools/list', (request) => remote.listTools(request.params));
      local.setRequestHandler('tools/call', (request) => remote.callTool(request.params));
      return local;
    },
    { onerror: (err) => io.stderr(`docs mcp: ${err.message}\n`) },
  );
}
