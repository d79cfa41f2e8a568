/**
 * Ready-to-paste configurations that connect an assistant to this site's MCP endpoint (`POST /mcp`,
 * Bearer token), one per client family (docs/mcp.md). `siteUrl` is the address the
 * browser uses for this site.
 */
export interface McpSnippet {
  id: 'claudeCode' | 'cursor' | 'vscode' | 'stdio';
  /** Where the text goes (a file path or "terminal"). */
  where: string;
  text: string;
}

/** The server's name in the assistant's list of MCP servers. */
const SERVER_NAME = 'folio';

const json = (value: unknown) => JSON.stringify(value, null, 2);

function mcpEndpoint(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/mcp`;
}

export function mcpSnippets(siteUrl: string, token: string): McpSnippet[] {
  const url = mcpEndpoint(siteUrl);
  const headers = { Authorization: `Bearer ${token}` };
  return [
    { id: 'claudeCode', where: 'terminal', text: `claude mcp add --transport http ${SERVER_NAME} ${url} --header "Authorization: Bearer ${token}"` },
    // Cursor's ~/.cursor/mcp.json (or .cursor/mcp.json in a project): a remote server is a `url`.
    { id: 'cursor', where: '~/.cursor/mcp.json', text: json({ mcpServers: { [SERVER_NAME]: { url, headers } } }) },
    // VS Code's .vscode/mcp.json uses `servers` and names the transport.
    { id: 'vscode', where: '.vscode/mcp.json', text: json({ servers: { [SERVER_NAME]: { type: 'http', url, headers } } }) },
    // For assistants that only speak stdio (Claude Desktop): the docs CLI forwards to this site.
    {
      id: 'stdio',
      where: 'claude_desktop_config.json',
      text: json({ mcpServers: { [SERVER_NAME]: { command: 'docs', args: ['mcp'], env: { DOCS_SERVER: siteUrl.replace(/\/+$/, ''), DOCS_TOKEN: token } } } }),
    },
  ];
}
