import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { runDocs, tempFolder } from './run.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * `docs mcp` (issue #23, part 5): the real `docs` executable started by the official SDK's
 * StdioClientTransport, forwarding to a real server's POST /mcp.
 */
const DOCS = path.resolve(import.meta.dirname, '../../bin/docs');
let t: TestServer;
let readToken: string;
let writeToken: string;
let pageId: number;
const clients: Client[] = [];

async function stdioClient(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  // process.execPath: the Node 24 running the tests (bin/docs refuses older ones).
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [DOCS, 'mcp'], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' }),
  );
  clients.push(client);
  return client;
}

beforeAll(async () => {
  t = await startTestServer();
  const alice = await buildUser(t);
  const item = (await buildItem(t, alice, { item_name: 'Stdio' })).item_id;
  pageId = await buildPage(t, item, { page_title: 'Hello', page_content: 'Hello over stdio' });
  readToken = (await t.call('token/create', { name: 'stdio-read', scope: 'read' }, { token: alice.token })).data.token;
  writeToken = (await t.call('token/create', { name: 'stdio-write', scope: 'write' }, { token: alice.token })).data.token;
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await t.close();
});

describe('docs mcp', () => {
  it('lists the server’s tools for the token’s scope and forwards calls', async () => {
    const reader = await stdioClient({ DOCS_SERVER: t.url, DOCS_TOKEN: readToken });
    const names = (await reader.listTools()).tools.map((x) => x.name);
    expect(names).toContain('folio_get_page');
    expect(names).not.toContain('folio_update_page');
    const page = (await reader.callTool({ name: 'folio_get_page', arguments: { page_id: pageId } })) as {
      structuredContent: { markdown: string; revision_id: number };
    };
    expect(page.structuredContent).toMatchObject({ markdown: 'Hello over stdio', revision_id: 1 });

    const writer = await stdioClient({ DOCS_SERVER: t.url, DOCS_TOKEN: writeToken });
    expect((await writer.listTools()).tools.map((x) => x.name)).toContain('folio_update_page');
    const read = (await writer.callTool({ name: 'folio_get_page', arguments: { page_id: pageId } })) as { structuredContent: { content_hash: string } };
    const updated = (await writer.callTool({
      name: 'folio_update_page',
      arguments: {
        page_id: pageId,
        base_revision_id: 1,
        content_hash: read.structuredContent.content_hash,
        edits: [{ old_text: 'stdio', new_text: 'a pipe' }],
      },
    })) as { isError?: boolean };
    expect(updated.isError).toBeFalsy();
    expect((await t.services.db('pages').where({ page_id: pageId }).first()).page_content).toBe('Hello over a pipe');
  });

  it('fails with a clear message and exit code 1 without a server or token, or with a revoked token', async () => {
    const none = await runDocs(['mcp'], { cwd: tempFolder(), env: {} });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('error: docs mcp needs --server / DOCS_SERVER and --token / DOCS_TOKEN\n');
    const bad = await runDocs(['mcp'], { cwd: tempFolder(), env: { DOCS_SERVER: t.url, DOCS_TOKEN: 'folio_pat_unknown' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown, revoked or expired');
  });
});
