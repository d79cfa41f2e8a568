import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, makeItem, makeUser, pickOption, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Issue #23's web side, in Chromium against the real server: a user makes a personal access token,
 * sees its secret once, an MCP client (the official SDK) works with it until the user revokes it;
 * an administrator revokes another user's token; an item's owner sees a write made through MCP.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

/** An MCP client of the official SDK on this server's `/mcp`, with the token as Bearer. */
async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: 'folio-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${e.t.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

/** Whether the API accepts the token: the item list answers with it as `Authorization: Bearer`. */
async function apiAccepts(token: string): Promise<boolean> {
  const r = await e.t.call('item/myList', {}, { headers: { Authorization: `Bearer ${token}` } });
  return r.error_code === 0;
}

/** Whether the MCP server accepts the token: the SDK client connects and lists the tools. */
async function mcpAccepts(token: string): Promise<boolean> {
  let client: Client | undefined;
  try {
    client = await mcpClient(token);
    return (await client.listTools()).tools.length > 0;
  } catch {
    return false;
  } finally {
    await client?.close().catch(() => undefined);
  }
}

async function createToken(sessionToken: string, fields: { name: string; scope: 'read' | 'write'; item_ids?: string; expires_days?: number }): Promise<string> {
  const r = await e.t.call('token/create', { item_ids: '', expires_days: 90, ...fields }, { token: sessionToken });
  if (r.error_code !== 0) throw new Error(`token/create failed: ${r.error_code} ${r.error_message}`);
  return String(r.data.token);
}

/** Waits for the lists of the screen to finish loading. */
async function settled(page: Page): Promise<void> {
  await page
    .locator('.p-datatable-loading-overlay')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

describe('access tokens in user settings', () => {
  it('creates a token for some items, shows the secret once with client snippets, and revoking it refuses the client', async () => {
    const user = await makeUser(e.t);
    const chosen = await makeItem(e.t, user.token, { item_name: 'Payments API' });
    await makeItem(e.t, user.token, { item_name: 'Handbook' });
    const page = await e.newPage({ token: user.token });
    await page.goto('/user/setting');
    await page.getByRole('heading', { name: 'Access tokens' }).waitFor();
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('cursor-laptop');
    await dialog.getByLabel('Read and write').check();
    await dialog.getByLabel('Only these items').check();
    await dialog.locator('.folio-token-items').click();
    await page.getByRole('option', { name: 'Payments API' }).click();
    await dialog.locator('.folio-token-items').click();
    await page.getByRole('option', { name: 'Payments API' }).waitFor({ state: 'detached' });
    // "Never" is not offered while the administrator does not allow it; 90 days is the default.
    await dialog.getByLabel('Expires', { exact: true }).press('Enter');
    const expiries = page.locator('.p-dropdown-panel');
    await expiries.getByRole('option', { name: '365 days' }).waitFor();
    expect(await expiries.getByRole('option', { name: '90 days' }).getAttribute('aria-selected')).toBe('true');
    expect(await expiries.getByRole('option', { name: 'Never' }).count()).toBe(0);
    await expiries.getByRole('option', { name: '90 days' }).click();
    await screenshot(page, 'tokens-create-en-1440');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Token "cursor-laptop" created' });
    await secretDialog.getByText('you will not see it again').waitFor();
    const secret = await secretDialog.getByLabel('Token', { exact: true }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    expect(await secretDialog.getByTestId('snippet-claudeCode').textContent()).toBe(
      `claude mcp add --transport http folio ${e.t.url}/mcp --header "Authorization: Bearer ${secret}"`,
    );
    await secretDialog.getByRole('tab', { name: 'VS Code' }).click();
    expect(JSON.parse((await secretDialog.getByTestId('snippet-vscode').textContent()) ?? '')).toEqual({
      servers: { folio: { type: 'http', url: `${e.t.url}/mcp`, headers: { Authorization: `Bearer ${secret}` } } },
    });
    await screenshot(page, 'tokens-secret-en-1440');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await secretDialog.waitFor({ state: 'detached' });

    // The list shows the token with its allow-list, and never the secret again.
    const row = page.getByRole('row').filter({ hasText: 'cursor-laptop' });
    await row.getByText('Payments API').waitFor();
    await row.getByText('Read and write').waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'cursor-laptop' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const stored = await e.t.call('token/list', {}, { token: user.token });
    expect(stored.data.tokens).toHaveLength(1);
    expect(stored.data.tokens[0]).toMatchObject({ name: 'cursor-laptop', scope: 'write' });
    expect(String(stored.data.tokens[0].item_ids)).toBe(String([chosen.item_id]));

    expect(await mcpAccepts(secret)).toBe(true);
    expect(await apiAccepts(secret)).toBe(true);
    await page.getByRole('button', { name: 'Revoke cursor-laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('No access tokens yet.').waitFor();
    expect(await mcpAccepts(secret)).toBe(false);
    expect(await apiAccepts(secret)).toBe(false);
  }, 120_000);

  it('asks for a name and for at least one item before anything is sent', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/user/setting');
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name', { exact: true }).fill('scripts');
    await dialog.getByLabel('Only these items').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose at least one item, or allow all your items.').waitFor();
    const listed = await e.t.call('token/list', {}, { token: user.token });
    expect(listed.data.tokens).toEqual([]);
  });
});

describe('administrator', () => {
  it("lists every user's tokens, filters by username and revokes one", async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const alice = await makeUser(e.t);
    const bob = await makeUser(e.t);
    const aliceSecret = await createToken(alice.token, { name: 'alice-ci', scope: 'read' });
    await createToken(bob.token, { name: 'bob-laptop', scope: 'write' });
    const page = await e.newPage({ token: admin.token });
    await page.goto('/admin/index?section=tokens');
    await page.getByRole('cell', { name: 'bob-laptop', exact: true }).waitFor();
    await page.getByPlaceholder('Search by username').fill(alice.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: 'bob-laptop', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: alice.username, exact: true }).waitFor();
    await screenshot(page, 'tokens-admin-en-1440');
    expect(await mcpAccepts(aliceSecret)).toBe(true);
    await page.getByRole('button', { name: 'Revoke alice-ci' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByRole('cell', { name: 'alice-ci', exact: true }).waitFor({ state: 'detached' });
    expect(await mcpAccepts(aliceSecret)).toBe(false);
    const bobs = await e.t.call('token/list', {}, { token: bob.token });
    expect(bobs.data.tokens.map((tk: { name: string }) => tk.name)).toEqual(['bob-laptop']);
  }, 90_000);

  it('allows tokens that never expire with the site switch, which users are then offered', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const user = await makeUser(e.t);
    const adminPage = await e.newPage({ token: admin.token });
    await adminPage.goto('/admin/index?section=settings');
    expect(await adminPage.getByLabel('Let AI assistants connect over MCP with personal access tokens').isChecked()).toBe(true);
    const never = adminPage.getByLabel('Allow access tokens that never expire');
    expect(await never.isChecked()).toBe(false);
    await never.check();
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Saved').first().waitFor();

    const page = await e.newPage({ token: user.token });
    await page.goto('/user/setting');
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('forever');
    await pickOption(page, 'Expires', 'Never');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Token "forever" created' }).getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row').filter({ hasText: 'forever' });
    await row.getByRole('cell', { name: 'Never' }).waitFor();
    const listed = await e.t.call('token/list', {}, { token: user.token });
    expect(listed.data.tokens[0].expires_at || null).toBeNull();
    await e.t.call('adminSetting/saveConfig', { token_never_expire: 0 }, { token: admin.token });
  }, 90_000);

  it('switches MCP off for the site: users are told, and the MCP server refuses their tokens', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const user = await makeUser(e.t);
    const secret = await createToken(user.token, { name: 'desk', scope: 'read' });
    expect(await mcpAccepts(secret)).toBe(true);
    const adminPage = await e.newPage({ token: admin.token });
    await adminPage.goto('/admin/index?section=settings');
    await adminPage.getByLabel('Let AI assistants connect over MCP with personal access tokens').uncheck();
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Saved').first().waitFor();
    try {
      const page = await e.newPage({ token: user.token });
      await page.goto('/user/setting');
      await page.getByText('The administrator has switched AI assistants (MCP) off').waitFor();
      expect(await mcpAccepts(secret)).toBe(false);
    } finally {
      await e.t.call('adminSetting/saveConfig', { mcp_enabled: 1 }, { token: admin.token });
    }
    expect(await mcpAccepts(secret)).toBe(true);
  }, 90_000);
});

describe('AI assistant activity', () => {
  it('shows the item owner a page made through MCP, with who, which token and the result', async () => {
    const owner = await makeUser(e.t, { name: 'Alice' });
    const item = await makeItem(e.t, owner.token, { item_name: 'Agent docs' });
    const secret = await createToken(owner.token, { name: 'claude-code', scope: 'write', item_ids: String(item.item_id) });
    const client = await mcpClient(secret);
    const made = await client.callTool({ name: 'folio_create_page', arguments: { item_id: item.item_id, title: 'Written by an agent', content: '# Hello' } });
    expect(made.isError ?? false).toBe(false);
    await client.close();

    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${item.item_id}?tab=mcpAudit`);
    const row = page.getByRole('row').filter({ hasText: 'folio_create_page' });
    await row.waitFor();
    await row.getByText(`${owner.username} via token "claude-code"`).waitFor();
    await row.getByText('Done').waitFor();
    await row.getByText('new page "Written by an agent"').waitFor();
    // The time is the call's instant in the browser's zone and language, not the site's text.
    const entry = (await e.t.call('mcpAudit/list', { item_id: item.item_id }, { token: owner.token })).data.entries[0];
    const shown = await page.evaluate(
      (unix) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(unix * 1000)),
      entry.created_at_unix,
    );
    await row.getByRole('cell', { name: shown }).waitFor();
    await screenshot(page, 'tokens-item-audit-en-1440');

    // The administrator sees the same call in the site-wide log.
    const admin = await makeUser(e.t, { groupid: 1 });
    const adminPage = await e.newPage({ token: admin.token });
    await adminPage.goto('/admin/index?section=mcpAudit');
    await adminPage
      .getByRole('row')
      .filter({ hasText: 'folio_create_page' })
      .filter({ hasText: `#${item.item_id}` })
      .waitFor();
  }, 90_000);
});

describe('screens in both languages and at phone width', () => {
  it('renders every token screen in en and zh at 1440 and 390 px without missing keys', async () => {
    const admin = await makeUser(e.t, { groupid: 1 });
    const user = await makeUser(e.t);
    const item = await makeItem(e.t, user.token, { item_name: 'Screens' });
    const writer = await createToken(user.token, { name: 'cursor-laptop', scope: 'write', item_ids: String(item.item_id) });
    await createToken(user.token, { name: 'ci-reader', scope: 'read' });
    const client = await mcpClient(writer);
    await client.callTool({ name: 'folio_create_page', arguments: { item_id: item.item_id, title: 'Agent notes', content: 'text' } });
    await client.close();
    const problems: string[] = [];
    for (const lang of ['en', 'zh'] as const) {
      for (const viewport of [DESKTOP, MOBILE]) {
        // `shows`: text that is there once the screen's lists have loaded.
        const screens = [
          { name: 'user', token: user.token, path: '/user/setting', shows: 'Screens' },
          { name: 'item-audit', token: user.token, path: `/item/setting/${item.item_id}?tab=mcpAudit`, shows: 'folio_create_page' },
          { name: 'admin-tokens', token: admin.token, path: '/admin/index?section=tokens', shows: 'ci-reader' },
          { name: 'admin-audit', token: admin.token, path: '/admin/index?section=mcpAudit', shows: 'folio_create_page' },
          { name: 'admin-settings', token: admin.token, path: '/admin/index?section=settings', shows: 'MCP' },
        ];
        for (const screen of screens) {
          const page = await e.newPage({ lang, viewport, token: screen.token });
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await settled(page);
          await page.getByText(screen.shows).first().waitFor({ state: 'attached' });
          if (screen.name === 'user') {
            await screenshot(page, `tokens-${screen.name}-${lang}-${viewport.width}`);
            await page.locator('.folio-token-section').getByRole('button').first().click();
            await page.getByRole('dialog').waitFor();
            await screenshot(page, `tokens-create-${lang}-${viewport.width}`);
          } else {
            await screenshot(page, `tokens-${screen.name}-${lang}-${viewport.width}`);
          }
          const missing = await page.evaluate(() => (window as unknown as { __folioMissingKeys?: string[] }).__folioMissingKeys ?? []);
          if (missing.length) problems.push(`${screen.path} ${lang}@${viewport.width}: ${missing.join(' ')}`);
          await page.context().close();
        }
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
