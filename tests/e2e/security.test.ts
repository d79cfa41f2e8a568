import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithToken, makeItem, makeUser, startE2E, type E2E } from './helpers.ts';

/**
 * Hostile page content must render inert everywhere Folio shows it: the reader, the share link,
 * the editor preview, the history view and the diff. Every payload tries to set window.__pwned
 * (or open a dialog); the trap records any attempt.
 */
const HOSTILE = [
  '# Hostile page',
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img onerror\'">',
  "[js link](javascript:window.__pwned='md link')",
  '<a href="javascript:window.__pwned=\'html link\'" id="html-js-link">html link</a>',
  '<a href="  JaVaScRiPt:window.__pwned=\'spaced link\'">spaced link</a>',
  '<svg><script>window.__pwned = "svg script"</script></svg>',
  '<svg onload="window.__pwned = \'svg onload\'"><circle r="4"/></svg>',
  '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>',
  '<div style="background:url(javascript:window.__pwned=\'css\')">styled</div>',
  '<details open ontoggle="window.__pwned = \'ontoggle\'"><summary>s</summary>x</details>',
  '<form action="javascript:window.__pwned=\'form\'"><button id="evil-button">go</button></form>',
  '',
  'Math: $\\href{javascript:window.__pwned="katex"}{click me}$',
  '',
  '```mermaid',
  'graph TD',
  '  A["<img src=x onerror=window.__pwned=\'mermaid label\'>"] --> B[Next]',
  '  click A callback "window.__pwned=\'mermaid click\'"',
  '  click B href "javascript:window.__pwned=\'mermaid href\'"',
  '```',
  '',
  'The end of the hostile page.',
].join('\n');

let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;
let pageId: number;

/**
 * A page whose context ignores the server's Content-Security-Policy: the CSP would stop inline
 * payloads by itself, and these tests are about the sanitiser, the layer that must hold alone.
 */
async function openPage(token?: string): Promise<Page> {
  const context = await e.browser.newContext({ baseURL: e.t.url, bypassCSP: true, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('folio_lang', 'en'));
  if (token) await loginWithToken(context, e.t.url, token);
  return context.newPage();
}

async function trapped(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const hits: unknown[] = [];
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => hits,
      set: (v) => {
        hits.push(v);
      },
    });
  });
  return {
    async assertInert() {
      await page.waitForTimeout(300);
      const hits = await page.evaluate(() => (window as unknown as { __pwned: unknown[] }).__pwned);
      expect(hits).toEqual([]);
      expect(dialogs).toEqual([]);
    },
  };
}

/** Clicks every link and leftover clickable element in the rendered page (a user would). */
async function clickEverything(page: Page, scope: string) {
  const links = page.locator(`${scope} a, ${scope} .md-mermaid g.node, ${scope} svg`);
  const n = await links.count();
  for (let i = 0; i < n; i++)
    await links
      .nth(i)
      .click({ force: true, noWaitAfter: true, timeout: 2000 })
      .catch(() => undefined);
}

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  ({ item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Hostile' }));
  const first = await e.t.call(
    'page/save',
    { item_id: itemId, cat_id: 0, page_title: 'Hostile page', page_content: 'harmless first version' },
    { token: owner.token },
  );
  pageId = Number(first.data.page_id);
  const second = await e.t.call(
    'page/save',
    { page_id: pageId, item_id: itemId, cat_id: 0, page_title: 'Hostile page', page_content: HOSTILE },
    { token: owner.token },
  );
  expect(second.error_code).toBe(0);
});
afterAll(async () => {
  await e?.close();
});

describe('hostile Markdown', () => {
  it('has a trap that does catch a payload when one runs (the checks below are not vacuous)', async () => {
    const page = await openPage();
    await trapped(page);
    await page.goto('/p/no-such-key');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__pwned = 1">'));
    await page.waitForFunction(() => (window as unknown as { __pwned: unknown[] }).__pwned.length === 1);
  });

  it('is inert in the item view, mermaid and KaTeX included', async () => {
    const page = await openPage(owner.token);
    const trap = await trapped(page);
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.getByText('The end of the hostile page.').waitFor();
    await page.locator('.md-mermaid svg').waitFor();
    await page.locator('.katex').first().waitFor();
    expect(
      await page.locator('.markdown-body script, .markdown-body iframe, .markdown-body form, .markdown-body [onerror], .markdown-body [onload]').count(),
    ).toBe(0);
    await clickEverything(page, '.markdown-body');
    await trap.assertInert();
  });

  it('is inert through the single-page share link', async () => {
    const key = await e.t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token });
    const page = await openPage();
    const trap = await trapped(page);
    await page.goto(`/p/${key.data.unique_key}`);
    await page.getByText('The end of the hostile page.').waitFor();
    await page.locator('.md-mermaid svg').waitFor();
    await clickEverything(page, '.markdown-body');
    await trap.assertInert();
  });

  it('is inert in the editor preview', async () => {
    const page = await openPage(owner.token);
    const trap = await trapped(page);
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    await page.getByRole('region', { name: 'Preview' }).getByText('The end of the hostile page.').waitFor();
    await page.locator('.pe-preview .md-mermaid svg').waitFor();
    await trap.assertInert();
  });

  it('is plain text in the diff view', async () => {
    const history = await e.t.call('page/history', { page_id: pageId }, { token: owner.token });
    const page = await openPage(owner.token);
    const trap = await trapped(page);
    await page.goto(`/page/diff/${pageId}/${history.data[0].page_history_id}`);
    await page.getByText('<script>window.__pwned = "script"</script>').waitFor();
    expect(await page.locator('.diff-view img, .diff-view script, .diff-view svg').count()).toBe(0);
    await trap.assertInert();
  });
});
