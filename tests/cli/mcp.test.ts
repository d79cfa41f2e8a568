import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { runDocs, tempFolder } from './run.ts';
import { buildItem, buildPage, buildUser } from '../helpers/factories.ts';
import { MCP_CLIENT_PACKAGE, mcpClientMissing } from '../../cli/mcp/bridge.ts';

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

/**
 * The real `bin/docs mcp` in a Node process where the MCP client SDK is not installed, as in the
 * server's `npm ci --omit=dev`: a resolve hook looks the package up from a folder with no
 * node_modules, so Node itself answers with its real "Cannot find package" error.
 */
async function docsMcpWithoutClient(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const hook = `
    import { registerHooks } from 'node:module';
    registerHooks({
      resolve(specifier, context, next) {
        return specifier.startsWith('${MCP_CLIENT_PACKAGE.name}') ? next(specifier, { ...context, parentURL: 'file:///no-such-folder/index.js' }) : next(specifier, context);
      },
    });`;
  return promisify(execFile)(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, DOCS, 'mcp'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
  );
}

describe('docs mcp without the MCP client SDK (the server install leaves it out)', () => {
  it('exits 1 with one line naming the package and how to add it', async () => {
    const run = await docsMcpWithoutClient({ DOCS_SERVER: t.url, DOCS_TOKEN: readToken });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: ${mcpClientMissing().message}\n`);
    expect(run.stderr).toMatch(
      /^error: docs mcp needs the package @modelcontextprotocol\/client, which the server's production install \(npm ci --omit=dev\) leaves out: run `npm install --omit=dev --save-prod --save-exact @modelcontextprotocol\/client@\S+` in the server's folder, or use the stand-alone @folio\/docs-cli, which includes it\n$/,
    );
  });

  it('is an optional peer of the server at the version the message names, installed for development and tests, and a dependency of the stand-alone CLI', () => {
    const readJson = (file: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8'));
    const root = readJson('package.json');
    const { name, version } = MCP_CLIENT_PACKAGE;
    expect(root.peerDependencies?.[name]).toBe(version);
    expect(root.peerDependenciesMeta?.[name]).toEqual({ optional: true });
    expect(root.devDependencies?.[name]).toBe(version);
    expect(root.dependencies?.[name]).toBeUndefined();
    expect(readJson('cli/package.json').dependencies?.[name]).toBe(version);
  });
});
