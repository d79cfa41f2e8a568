import type { Command } from 'commander';
import type { CliIO } from '../io.ts';

/**
 * `docs mcp`: a stdio MCP server for assistants that only speak stdio, forwarding to a Folio
 * server's POST /mcp with a personal access token. The MCP SDK loads only when it runs.
 */
export function registerMcpCommand(program: Command, io: CliIO): void {
  program
    .command('mcp')
    .description('run an MCP server on stdio for an AI assistant, forwarding to a Folio server (a personal access token, env DOCS_TOKEN)')
    .option('--server <url>', 'Folio server URL (env DOCS_SERVER)')
    .option('--token <token>', 'personal access token folio_pat_… (env DOCS_TOKEN; prefer the environment: flags show in process lists)')
    .action(async (flags: { server?: string; token?: string }) => (await import('../mcp/bridge.ts')).serveMcpBridge(io, flags));
}
