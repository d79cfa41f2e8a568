import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX } from '../../core/limits.ts';
import { commentNoticeMail } from '../../server/mail/templates.ts';
import { loginWithToken, makeUser, startE2E, type E2E } from '../e2e/helpers.ts';
import { uploadFile } from '../helpers/files.ts';

/**
 * The XSS corpus (tests/security/xss-corpus.json: OWASP's filter-evasion cheat sheet and every
 * hostile fixture of DOMPurify's test suite) in every user text field, rendered in Chromium
 * wherever Folio shows it: item list, reader (menu, content, attachments, history), share link,
 * editor preview and templates, diff, catalogs, teams, notices, attachments, members, and the
 * exported HTML site. Contexts bypass the Content-Security-Policy on purpose: the sanitiser must
 * hold alone (the headers suite asserts the CSP separately).
 *
 * The trap (an init script) replaces alert/confirm/prompt/print and a `__pwned` sentinel with
 * recorders, and every dialog is recorded too: one execution anywhere fails the test. Payloads
 * are batched (many per page) to keep the run short.
 */
interface Payload {
  source: string;
  title: string;
  payload: string;
}
const corpus = JSON.parse(fs.readFileSync(new URL('./xss-corpus.json', import.meta.url), 'utf8')) as { payloads: Payload[] };
const PAYLOADS = corpus.payloads.map((p) => p.payload);
const fits = (max: number) => PAYLOADS.filter((p) => p.length <= max);
const BATCH = 35;
const batches: string[][] = [];
for (let i = 0; i < PAYLOADS.length; i += BATCH) batches.push(PAYLOADS.slice(i, i + BATCH));
const endMarker = (i: number) => `XSS batch ${i} end`;
/** Rendered once the page heading is there (attached: an unclosed payload element may hide what follows). */
const rendered = (p: Page, scope: string, i: number) =>
  p
    .locator(scope)
    .getByRole('heading', { name: `Batch ${i}` })
    .first()
    .waitFor({ state: 'attached' });

/** The editor with its preview on (off by default for pages over LONG_PAGE_THRESHOLD), showing batch i. */
async function openPreview(p: Page, i: number): Promise<void> {
  const toggle = p.getByRole('button', { name: /^(Show|Hide) preview$/ });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await rendered(p, '.pe-preview', i);
}

let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;
const contentPages: { pageId: number; historyId: number; shareKey: string }[] = [];
let titlesCatalogId: number;
const hits: string[] = [];
let visits = 0;
let tmpDir: string;

async function ok<T = any>(name: string, params: Record<string, unknown>, token = owner.token): Promise<T> {
  const r = await e.t.call(name, params, { token });
  if (r.error_code !== 0) throw new Error(`${name}: ${r.error_code} ${r.error_message}`);
  return r.data as T;
}

/** A context that ignores CSP, logged in as the owner, with the trap installed in every page. */
async function trappedPage(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await e.browser.newContext({ baseURL: e.t.url, bypassCSP: true, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('folio_lang', 'en');
    const seen: string[] = [];
    const record =
      (what: string) =>
      (...args: unknown[]) =>
        void seen.push(`${what}(${args.map(String).join(',')}) at ${location.href}`);
    for (const fn of ['alert', 'confirm', 'prompt', 'print']) Object.defineProperty(window, fn, { configurable: false, writable: false, value: record(fn) });
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => seen,
      set: (v) => {
        seen.push(`__pwned=${String(v)}`);
      },
    });
    Object.defineProperty(window, '__xssHits', { configurable: false, value: seen });
  });
  await loginWithToken(context, e.t.url, owner.token);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('dialog', (d) => {
    hits.push(`dialog ${d.type()}: ${d.message()} at ${page.url()}`);
    void d.dismiss().catch(() => undefined);
  });
  return { page, context };
}

/**
 * What a reader would touch, without Playwright's per-element round trips (pages with hundreds of
 * elements): every element in `scope` gets the mouse, pointer and focus events an inline
 * handler could listen for (dispatched in the page, so `onmouseover=…` and the like run if the
 * sanitiser let them through), and every link, form or frame whose target is a script URL counts
 * as an execution (following it would run it). Then the trap's records are collected.
 */
async function touchAndCollect(page: Page, scope = 'body', into = hits): Promise<void> {
  const scriptUrls = await page.evaluate((scope) => {
    const events = ['mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'mouseout', 'mouseleave', 'pointerover', 'pointerenter'];
    const roots = Array.from(document.querySelectorAll(scope));
    const all = roots.flatMap((r) => [r, ...Array.from(r.querySelectorAll('*'))]);
    for (const el of all) {
      // Delete buttons stay untouched: the corpus pages must survive the visit.
      if (el instanceof HTMLButtonElement && /delete/i.test(el.getAttribute('aria-label') ?? '')) continue;
      for (const type of events) el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
      if (el instanceof HTMLElement) el.focus({ preventScroll: true });
      if (el instanceof HTMLDetailsElement) el.open = true;
    }
    // Rendered content (never the app's own buttons) is clicked too, with the default action
    // (following a link, submitting a form) held back so the visit stays on the page: an
    // onclick that survived the sanitiser runs; script URLs are counted below.
    const content = all.filter((el) => el.closest('.markdown-body') || (location.protocol === 'file:' && el.closest('main')));
    const hold = (e: Event) => e.preventDefault();
    window.addEventListener('click', hold, true);
    for (const el of content) el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    window.removeEventListener('click', hold, true);
    const bad = /^(javascript|vbscript):/i;
    const found: string[] = [];
    for (const el of all.filter((e) => e.matches('a[href], area[href], form[action], [formaction], iframe[src], embed[src], object[data]'))) {
      for (const attr of ['href', 'action', 'formaction', 'src', 'data']) {
        const v = el.getAttribute(attr);
        // Browsers ignore control characters and spaces in a URL's scheme.
        if (v && bad.test(v.replace(/[\u0000-\u0020]/g, ''))) found.push(`${el.tagName.toLowerCase()} ${attr}=${v} at ${location.href}`);
      }
    }
    return found;
  }, scope);
  into.push(...scriptUrls);
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => [...((window as unknown as { __xssHits?: string[] }).__xssHits ?? [])]).catch(() => [] as string[]);
  into.push(...seen);
  visits++;
}

async function visit(url: string, ready: (page: Page) => Promise<unknown>, scope?: string): Promise<Page> {
  const { page } = await trappedPage();
  await page.goto(url);
  await ready(page);
  await touchAndCollect(page, scope);
  return page;
}

beforeAll(async () => {
  e = await startE2E();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-xss-'));
  owner = await makeUser(e.t);
  await ok('user/updateInfo', { name: fits(MAX.name)[0] });
  itemId = Number((await ok('item/add', { item_name: 'XSS corpus', item_type: 1 })).item_id);
  // Content: every payload in the page body, a batch per page, saved three times so that the
  // newest history version (the history dialog, the diff's left side) holds the batch as well.
  for (const [i, batch] of batches.entries()) {
    const first = await ok('page/save', { item_id: itemId, cat_id: 0, page_title: `Batch ${i}`, page_content: `harmless first version ${i}`, s_number: i });
    const pageId = Number(first.page_id);
    const content = `# Batch ${i}\n\n${batch.join('\n\n')}\n\n${endMarker(i)}`;
    await ok('page/save', { page_id: pageId, item_id: itemId, cat_id: 0, page_title: `Batch ${i}`, page_content: content, s_number: i });
    await ok('page/save', {
      page_id: pageId,
      item_id: itemId,
      cat_id: 0,
      page_title: `Batch ${i}`,
      page_content: `${content}\n\ncurrent version`,
      s_number: i,
    });
    const history = await ok<{ page_history_id: number; page_content: string }[]>('page/history', { page_id: pageId });
    expect(history[0]!.page_content).toBe(content);
    const { unique_key: shareKey } = await ok('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' });
    contentPages.push({ pageId, historyId: Number(history[0]!.page_history_id), shareKey });
  }
  // Titles and names: every payload that fits the field.
  titlesCatalogId = Number(await ok('catalog/save', { item_id: itemId, cat_id: 0, parent_cat_id: 0, cat_name: 'Hostile titles', s_number: 1000 }));
  for (const title of fits(MAX.pageTitle)) await ok('page/save', { item_id: itemId, cat_id: titlesCatalogId, page_title: title, page_content: 'title test' });
  for (const name of fits(MAX.catName)) await ok('catalog/save', { item_id: itemId, cat_id: 0, parent_cat_id: titlesCatalogId, cat_name: name });
  for (const name of fits(MAX.itemName)) await ok('item/add', { item_name: name, item_type: 1, item_description: name });
  for (const name of fits(MAX.teamName)) await ok('team/save', { team_name: name });
  for (const title of fits(MAX.templateTitle)) await ok('template/save', { template_title: title, template_content: title });
  // Attachments named after payloads, on the first content page (file names may be cleaned, never refused by content).
  let uploaded = 0;
  for (const name of fits(120).slice(0, 60)) {
    const r = await uploadFile(e.t, 'page/upload', {
      token: owner.token,
      filename: `${name}.txt`,
      bytes: 'x',
      type: 'text/plain',
      params: { item_id: itemId, page_id: contentPages[0]!.pageId },
    });
    if (r.body?.error_code === 0) uploaded++;
  }
  expect(uploaded, 'attachments accepted').toBeGreaterThan(0);
  // Members whose display names are payloads; notices carrying payloads in title and text.
  for (const name of fits(MAX.name).slice(0, 30)) {
    const u = await makeUser(e.t);
    await ok('user/updateInfo', { name }, u.token);
    await ok('member/save', { item_id: itemId, username: u.username, member_group_id: 1 });
  }
  const now = e.t.services.now();
  await e.t.services
    .db('notices')
    .insert(fits(300).map((p) => ({ to_uid: owner.uid, from_uid: 0, from_name: p.slice(0, 100), notice_title: p, notice_content: p, notice_time: now })));
}, 900_000);

afterAll(async () => {
  await e?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe(`XSS corpus (${PAYLOADS.length} payloads)`, () => {
  it('has a trap that does record an execution (the checks below are not vacuous)', async () => {
    const { page, context } = await trappedPage();
    await page.goto('/p/no-such-key');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="alert(7)">'));
    await page.waitForFunction(() => (window as unknown as { __xssHits: string[] }).__xssHits.length === 1);
    // The reader's touch runs what waits for a hover or focus, and counts script links.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<main id="t"><b onmouseover="alert(8)">x</b><input onfocus="window.__pwned=9"><a href=" java\tscript:void(0)">y</a><div class="markdown-body"><a href="/elsewhere" onclick="alert(10)">z</a></div></main>',
      ),
    );
    const found: string[] = [];
    await touchAndCollect(page, '#t', found);
    expect(found.join('\n')).toContain('alert(8)');
    expect(found.join('\n')).toContain('__pwned=9');
    expect(found.join('\n')).toContain('a href= java');
    expect(found.join('\n')).toContain('alert(10)');
    expect(page.url()).toContain('/p/no-such-key');
    await context.close();
  });

  it('renders every payload inert in the reader, its history, the share link, the editor and the diff', async () => {
    for (const [i, { pageId, historyId, shareKey }] of contentPages.entries()) {
      const reader = await visit(`/${itemId}?page_id=${pageId}`, (p) => rendered(p, 'main', i), 'main');
      // History: open the dialog and view the newest older version (the same batch), rendered.
      await reader.getByRole('button', { name: 'History versions' }).first().click();
      await reader.getByRole('dialog').getByRole('button', { name: 'View' }).first().click();
      await rendered(reader, '[role="dialog"]', i);
      await touchAndCollect(reader, '[role="dialog"]');
      await reader.context().close();
      // The editor turns its live preview off for long pages; a reader of the corpus turns it on.
      const editor = await visit(`/page/edit/${itemId}/${pageId}`, (p) => openPreview(p, i), '.pe-preview');
      await editor.context().close();
      const diff = await visit(`/page/diff/${pageId}/${historyId}`, (p) => p.getByText(endMarker(i)).nth(1).waitFor({ state: 'attached' }));
      await diff.context().close();
      const share = await visit(`/p/${shareKey}`, (p) => rendered(p, 'body', i));
      await share.context().close();
    }
    expect(hits).toEqual([]);
  }, 900_000);

  it('renders hostile titles and names inert: menu, item list, catalogs, teams, templates, notices, attachments, members', async () => {
    const titlePage = fits(MAX.pageTitle)[0]!;
    const views: [string, (p: Page) => Promise<unknown>][] = [
      [`/${itemId}?page_id=${contentPages[0]!.pageId}`, (p) => rendered(p, 'main', 0)],
      ['/item/index', (p) => p.getByText('XSS corpus').first().waitFor()],
      [`/catalog/${itemId}`, (p) => p.getByText('Hostile titles').first().waitFor()],
      ['/team/index', (p) => p.locator('table, [role="table"], .p-datatable').first().waitFor()],
      ['/notice/index', (p) => p.locator('table, [role="table"], .p-datatable, ul').first().waitFor()],
      ['/attachment/index', (p) => p.locator('table, [role="table"], .p-datatable').first().waitFor()],
      [`/item/setting/${itemId}`, (p) => p.getByRole('tab').first().waitFor()],
      ['/user/setting', (p) => p.locator('input').first().waitFor()],
    ];
    for (const [url, ready] of views) await (await visit(url, ready)).context().close();
    // Members tab of the item settings, and the page's attachment list and title in the menu.
    const settings = await visit(`/item/setting/${itemId}`, (p) => p.getByRole('tab').first().waitFor());
    for (const tab of await settings.getByRole('tab').all()) {
      await tab.click().catch(() => undefined);
      await touchAndCollect(settings);
    }
    await settings.context().close();
    const menu = await visit(`/${itemId}?page_id=${contentPages[0]!.pageId}`, (p) => rendered(p, 'body', 0));
    await menu
      .getByText('Hostile titles')
      .first()
      .click()
      .catch(() => undefined);
    await menu
      .getByRole('treeitem')
      .filter({ hasText: titlePage.slice(0, 20) })
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await touchAndCollect(menu);
    await menu.context().close();
    // The editor's template picker lists every hostile template title.
    const editor = await visit(`/page/edit/${itemId}/${contentPages[0]!.pageId}`, (p) => openPreview(p, 0));
    await editor.getByRole('button', { name: 'Templates' }).click();
    await editor
      .getByRole('menuitem', { name: 'More templates' })
      .click()
      .catch(() => undefined);
    await editor.getByRole('dialog').first().waitFor();
    await touchAndCollect(editor, '[role="dialog"]');
    await editor.context().close();
    expect(hits).toEqual([]);
  }, 900_000);

  it('keeps every payload in a comment as written (content and anchor quote) and inert in the comment notice mail', async () => {
    // API side of comments (issue #24): the body is data, stored and answered byte for byte as JSON;
    // the web renders it through the page pipeline and sanitiser (the web branch's browser test).
    const pageId = contentPages[0]!.pageId;
    const threadIds: number[] = [];
    for (const payload of fits(MAX.commentContent)) {
      const r = await e.t.call(
        'comment/save',
        { page_id: pageId, content: payload, anchor: JSON.stringify({ quote: payload.slice(0, MAX.anchorQuote), prefix: '', suffix: '' }) },
        { token: owner.token },
      );
      if (!payload.trim()) {
        expect(r.error_code).toBe(10100);
        continue;
      }
      expect(r.error_code, `${r.error_message} for ${payload.slice(0, 60)}`).toBe(0);
      threadIds.push(r.data.comment_id);
    }
    const res = await e.t.fetch(`/api/comment/list?page_id=${pageId}&status=all`, { headers: { 'X-API-Token': owner.token } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const listed = ((await res.json()) as { data: { threads: { comment_id: number; content: string; anchor: { quote: string } }[] } }).data.threads;
    const byId = new Map(listed.map((x) => [x.comment_id, x]));
    for (const [n, payload] of fits(MAX.commentContent)
      .filter((p) => p.trim())
      .entries()) {
      expect(byId.get(threadIds[n]!)?.content).toBe(payload.trim());
      expect(byId.get(threadIds[n]!)?.anchor.quote).toBe(payload.slice(0, MAX.anchorQuote));
    }
    // The HTML mail of a mention quotes the comment and names the page: both escaped.
    const { page, context } = await trappedPage();
    for (const batch of batches) {
      const mails = batch.map(
        (p) =>
          commentNoticeMail({
            username: p.slice(0, 50),
            title: `someone mentioned you on the page "${p}"`,
            excerpt: p,
            link: 'https://docs.example.com/page/1',
          }).html,
      );
      await page.setContent(`<main>${mails.join('<hr>')}</main>`);
      await touchAndCollect(page, 'main');
    }
    await context.close();
    expect(hits).toEqual([]);
  }, 900_000);

  it('renders every payload inert in the exported HTML site', async () => {
    const res = await e.t.fetch('/api/export/html', {
      method: 'POST',
      headers: { 'X-API-Token': owner.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `item_id=${itemId}`,
    });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const htmlFiles: string[] = [];
    for (const [name, entry] of Object.entries(zip.files)) {
      if (entry.dir) continue;
      const target = path.join(tmpDir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, await entry.async('nodebuffer'));
      if (name.endsWith('.html')) htmlFiles.push(target);
    }
    const exported = htmlFiles.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    // Every content page was exported (its text may be cut short by the sanitiser where a payload leaves an element open).
    for (let i = 0; i < batches.length; i++) expect(exported).toContain(`<h1>Batch ${i}</h1>`);
    // The content pages (every payload) and the index (the hostile menu, which every page repeats).
    const contentFile = (i: number) => htmlFiles.find((f) => fs.readFileSync(f, 'utf8').includes(`<h1>Batch ${i}</h1>`))!;
    const toVisit = [path.join(tmpDir, 'index.html'), ...batches.map((_, i) => contentFile(i))];
    expect(htmlFiles).toContain(toVisit[0]);
    const { page, context } = await trappedPage();
    for (const [n, file] of toVisit.entries()) {
      await page.goto(`file://${file}`);
      if (n > 0)
        await page
          .getByRole('heading', { name: `Batch ${n - 1}` })
          .first()
          .waitFor({ state: 'attached' });
      await touchAndCollect(page);
    }
    await context.close();
    console.info(`XSS corpus: ${PAYLOADS.length} payloads, ${visits} views and dialogs checked, ${toVisit.length} of ${htmlFiles.length} exported HTML files`);
    expect(hits).toEqual([]);
  }, 900_000);
});
