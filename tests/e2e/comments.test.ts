import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Issue #24 in the browser: threads beside the page, inline comments on a selection (highlighted
 * while open), resolve and the open/resolved filter, who may do what, "Was this page helpful?",
 * the item switches in settings, the watermark, and hostile comment bodies.
 */
let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let reader: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;
let pageId: number;

const CONTENT = [
  '# Rate limits',
  '',
  'Every client may send 100 requests per minute. Set the timeout parameter to **30 seconds**.',
  '',
  'Batch clients may send 100 requests per minute too, with a separate quota.',
].join('\n');

async function api(name: string, params: Record<string, unknown>, token = owner.token) {
  const r = await e.t.call(name, params, { token });
  if (r.error_code !== 0) throw new Error(`${name}: ${r.error_code} ${r.error_message}`);
  return r.data;
}

/** Drags the mouse over `quote` (the `nth` time it appears in the rendered page), as a reader selects text. */
async function selectText(page: Page, quote: string, nth = 0, scope = '.iv-article .markdown-body') {
  const box = await page.evaluate(
    ({ quote, nth, scope }) => {
      // the quote may span several text nodes (CodeMirror splits Markdown into highlighted tokens)
      const root = document.querySelector(scope)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Array<{ node: Text; start: number }> = [];
      let text = '';
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        nodes.push({ node, start: text.length });
        text += node.data;
      }
      let at = -1;
      for (let i = 0; i <= nth; i++) at = text.indexOf(quote, at + 1);
      if (at < 0) return null;
      const pointAt = (offset: number, end: boolean) => {
        const hit = [...nodes].reverse().find((n) => (end ? n.start < offset : n.start <= offset))!;
        return [hit.node, offset - hit.start] as const;
      };
      const range = document.createRange();
      range.setStart(...pointAt(at, false));
      range.setEnd(...pointAt(at + quote.length, true));
      const rects = range.getClientRects();
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return { left: first.left, right: last.right, y: first.top + first.height / 2 };
    },
    { quote, nth, scope },
  );
  if (!box) throw new Error(`"${quote}" is not in the page`);
  await page.mouse.move(box.left + 1, box.y);
  await page.mouse.down();
  await page.mouse.move(box.right - 1, box.y, { steps: 8 });
  await page.mouse.up();
}

/** The text the page marks with the comment highlight ('' when none). */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const h = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('folio-comment');
    return h ? [...h].map((r) => r.toString()).join('|') : '';
  });

/** Which paragraph the highlight is in (its first words). */
const highlightedParagraph = (page: Page) =>
  page.evaluate(() => {
    const h = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('folio-comment');
    const range = h ? [...h][0] : undefined;
    return range?.startContainer.parentElement?.textContent?.slice(0, 5) ?? '';
  });

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  reader = await makeUser(e.t);
  ({ item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'API Guide' }));
  pageId = Number((await api('page/save', { item_id: itemId, cat_id: 0, page_title: 'Rate limits', page_content: CONTENT })).page_id);
  await api('member/save', { item_id: itemId, username: reader.username, member_group_id: 0, cat_id: 0 });
});
afterAll(async () => {
  await e?.close();
});

describe('item settings: comments, feedback, watermark', () => {
  it('the owner opens comments to any logged-in reader and turns feedback and the watermark on', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${itemId}?tab=discussion`);
    const who = page.getByLabel('Who may comment', { exact: true });
    await who.focus();
    await who.press('Enter');
    // New items let members comment already (1): open it to any logged-in reader.
    await page.getByRole('option', { name: 'Anyone logged in who can read the item' }).click();
    await page.getByLabel(/Was this page helpful/).check();
    await page.getByLabel(/Show a watermark/).check();
    await screenshot(page, 'comments-settings-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const info = await api('item/info', { item_id: itemId });
    expect([Number(info.allow_comment), Number(info.allow_feedback), Number(info.show_watermark)]).toEqual([2, 1, 1]);
  });
});

describe('inline comments in the page view', () => {
  it('select text -> Comment -> highlighted -> reply -> resolve -> listed under resolved (en)', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.getByRole('article', { name: 'Rate limits' }).waitFor();
    // The second "100 requests per minute": the anchor's context must tell it from the first.
    await selectText(page, '100 requests per minute', 1);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Comments' });
    await panel.getByRole('textbox', { name: /Comment on the selected text/ }).fill('Is the **batch** quota documented?');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = panel.locator('.cm-thread').first();
    await thread.locator('.cm-body strong', { hasText: 'batch' }).waitFor();
    await expect(thread.locator('.cm-quote').textContent()).resolves.toBe('100 requests per minute');

    const stored = (await api('comment/list', { page_id: pageId, status: 'all' })).threads[0];
    const anchor = typeof stored.anchor === 'string' ? JSON.parse(stored.anchor) : stored.anchor;
    expect(anchor.quote).toBe('100 requests per minute');
    expect(anchor.prefix.endsWith('Batch clients may send ')).toBe(true);

    await thread.click();
    await expect.poll(() => highlighted(page)).toBe('100 requests per minute');
    expect(await highlightedParagraph(page)).toBe('Batch');
    await screenshot(page, 'comments-thread-en-1440');

    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByRole('textbox', { name: 'Reply (Markdown)' }).fill('Yes, under `Quotas`.');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.locator('.cm-replies code', { hasText: 'Quotas' }).waitFor();

    await thread.getByRole('button', { name: 'Resolve' }).click();
    await panel.getByText('No open threads.').waitFor();
    await expect(page.locator('.cm-count').textContent()).resolves.toContain('0 comments');
    await panel.getByRole('button', { name: /Resolved \(1\)/ }).click();
    const resolved = panel.locator('.cm-thread.cm-resolved');
    await resolved.getByText('Resolved', { exact: true }).waitFor();
    await resolved.getByRole('button', { name: 'Reopen' }).waitFor();
    await screenshot(page, 'comments-resolved-en-1440');
  });

  it('the same journey in Chinese on a phone', async () => {
    const page = await e.newPage({ token: owner.token, lang: 'zh', viewport: MOBILE });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.getByRole('article', { name: 'Rate limits' }).waitFor();
    // the count button can wrap the meta line on a phone: select once the layout has settled
    await page.locator('.cm-count').waitFor();
    await selectText(page, 'timeout parameter');
    await page.getByRole('button', { name: '评论', exact: true }).click();
    const panel = page.getByRole('complementary', { name: '评论' });
    await panel.getByRole('textbox', { name: /评论选中的文字/ }).fill('超时的单位是秒吗？');
    await panel.getByRole('button', { name: '评论', exact: true }).click();
    const thread = panel.locator('.cm-thread', { hasText: '超时的单位是秒吗？' });
    await thread.click();
    await expect.poll(() => highlighted(page)).toBe('timeout parameter');
    await screenshot(page, 'comments-thread-zh-390');
    await thread.getByRole('button', { name: '回复' }).click();
    await thread.getByRole('textbox', { name: '回复（支持 Markdown）' }).fill('是的。');
    await thread.getByRole('button', { name: '回复' }).click();
    await thread.locator('.cm-replies').getByText('是的。').waitFor();
    await thread.getByRole('button', { name: '解决' }).click();
    await panel.getByRole('button', { name: /已解决（2）/ }).click();
    await panel.locator('.cm-thread.cm-resolved', { hasText: '超时的单位是秒吗？' }).waitFor();
    await screenshot(page, 'comments-resolved-zh-390');
  });

  it('shows a thread whose quote left the page as outdated, with the original quote', async () => {
    await api('comment/save', {
      page_id: pageId,
      content: 'Check the retry header.',
      anchor: JSON.stringify({ quote: 'Set the timeout parameter', prefix: 'per minute. ', suffix: ' to 30 seconds.' }),
    });
    await api('page/save', {
      page_id: pageId,
      item_id: itemId,
      cat_id: 0,
      page_title: 'Rate limits',
      page_content: CONTENT.replace('Set the timeout parameter', 'Choose a deadline'),
    });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.locator('.cm-count').click();
    const thread = page.locator('.cm-thread', { hasText: 'Check the retry header.' });
    await thread.locator('.cm-tag-outdated', { hasText: 'Outdated' }).waitFor();
    await expect(thread.locator('.cm-quote').textContent()).resolves.toContain('Set the timeout parameter');
    await thread.click();
    expect(await highlighted(page)).toBe('');
    await api('page/save', { page_id: pageId, item_id: itemId, cat_id: 0, page_title: 'Rate limits', page_content: CONTENT });
  });
});

describe('inline comments in the editor', () => {
  it('selecting Markdown offers "Comment"; the quote is the text without its markup', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/page/edit/${itemId}/${pageId}`);
    const comment = page.getByRole('toolbar', { name: 'Insert and format tools' }).getByRole('button', { name: 'Comment' });
    await page.locator('.cm-content').waitFor();
    expect(await comment.isDisabled()).toBe(true);
    // CodeMirror may still be laying out when the drag runs (the drag then selects nothing): select again until it holds.
    await expect
      .poll(
        async () => {
          await selectText(page, '**30 seconds**', 0, '.cm-content');
          return comment.isEnabled();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await comment.click();
    const dialog = page.getByRole('dialog', { name: 'Comment on the selected text' });
    await expect(dialog.locator('.cm-quote').textContent()).resolves.toBe('30 seconds');
    await dialog.getByRole('textbox').fill('Is 30 the maximum?');
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Comment added.').waitFor();
    await screenshot(page, 'comments-editor-en-1440');
    const threads = (await api('comment/list', { page_id: pageId, status: 'all' })).threads as Array<{
      content: string;
      anchor: { quote: string; prefix: string } | null;
      outdated: boolean;
    }>;
    const made = threads.find((th) => th.content === 'Is 30 the maximum?')!;
    expect(made.anchor?.quote).toBe('30 seconds');
    expect(made.anchor?.prefix.endsWith('Set the timeout parameter to ')).toBe(true);
    expect(made.outdated).toBe(false);
  });
});

describe('who may comment', () => {
  it("a read-only member comments and deletes her own comment, but cannot resolve, edit or delete the owner's", async () => {
    await api('comment/save', { page_id: pageId, content: 'Owner note: keep this page short.' });
    const page = await e.newPage({ token: reader.token });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.locator('.cm-count').click();
    const panel = page.getByRole('complementary', { name: 'Comments' });
    const ownerThread = panel.locator('.cm-thread', { hasText: 'Owner note' });
    await ownerThread.waitFor();
    expect(await ownerThread.getByRole('button', { name: /^(Resolve|Edit|Delete)$/ }).count()).toBe(0);
    await ownerThread.getByRole('button', { name: 'Reply' }).waitFor();

    await panel.getByRole('textbox', { name: /Comment on this page/ }).fill('Reader question: is there a sandbox?');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = panel.locator('.cm-thread', { hasText: 'Reader question' });
    await mine.getByRole('button', { name: 'Edit' }).waitFor();
    await screenshot(page, 'comments-reader-en-1440');
    await mine.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await mine.waitFor({ state: 'detached' });
    const left = await api('comment/list', { page_id: pageId, status: 'all' });
    expect(left.threads.some((th: { content: string }) => th.content.includes('Reader question'))).toBe(false);
  });

  it('an anonymous visitor of the public item cannot comment but votes "helpful" with a note, which the owner sees', async () => {
    const page = await e.newPage({ viewport: MOBILE });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.getByRole('article', { name: 'Rate limits' }).waitFor();
    // the count button can wrap the meta line on a phone: select once the layout has settled
    await page.locator('.cm-count').waitFor();
    await selectText(page, 'timeout parameter');
    await page.waitForTimeout(200);
    expect(await page.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /Comment on this page/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('status').getByText('Thank you, your vote was recorded.').waitFor();
    await page.getByRole('textbox', { name: /Anything to add/ }).fill('Clear <b>and</b> short');
    await page.getByRole('button', { name: 'Send note' }).click();
    await page.getByText('Thank you, your vote and note were recorded.').waitFor();
    await screenshot(page, 'comments-feedback-anonymous-en-390');
    // the same reader (her cookie) coming back sees her answer recorded, not the question again
    await page.reload();
    await page.getByRole('article', { name: 'Rate limits' }).waitFor();
    await page.getByText('Thank you, your vote and note were recorded.').waitFor();
    expect(await page.getByRole('button', { name: 'Yes' }).count()).toBe(0);

    const ownerPage = await e.newPage({ token: owner.token });
    await ownerPage.goto(`/item/setting/${itemId}?tab=feedback`);
    const row = ownerPage.getByRole('row', { name: /Rate limits/ });
    // cells carry their column's title for the stacked phone layout
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toMatch(/^Helpful\s*1$/);
    await expect(row.getByRole('cell').nth(3).textContent()).resolves.toMatch(/^Not helpful\s*0$/);
    await row.getByRole('button').first().click();
    await ownerPage.getByText('Clear <b>and</b> short').waitFor();
    expect(await ownerPage.getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toBe(`/api/feedback/export?item_id=${itemId}`);
    await screenshot(ownerPage, 'comments-feedback-tab-en-1440');
  });
});

describe('watermark', () => {
  it("tiles the viewer's name and the date over the page, out of the way of selection", async () => {
    const page = await e.newPage({ token: reader.token, lang: 'zh' });
    // user/info held back: until it names the reader, the watermark is the date alone, never "访客" (guest)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/info', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    const article = page.getByRole('article', { name: 'Rate limits' });
    await article.waitFor();
    const watermarkImage = () => article.evaluate((el) => decodeURIComponent(getComputedStyle(el, '::after').backgroundImage));
    await expect.poll(watermarkImage).toMatch(/\d{4}-\d\d-\d\d/);
    expect(await watermarkImage()).not.toContain('访客');
    release();
    await expect.poll(watermarkImage).toContain(reader.username);
    const style = await article.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { image: decodeURIComponent(after.backgroundImage), events: after.pointerEvents };
    });
    expect(style.image).toMatch(/\d{4}-\d\d-\d\d/);
    expect(style.events).toBe('none');
    await screenshot(page, 'comments-watermark-zh-1440');
  });
});

describe('watermark in the single-page views', () => {
  it('is drawn over a page opened on its own and through its share link (an anonymous visitor is "Visitor")', async () => {
    const page = await e.newPage({ token: reader.token });
    await page.goto(`/page/${pageId}`);
    const article = page.getByRole('article', { name: 'Rate limits' });
    await article.waitFor();
    await expect.poll(() => article.evaluate((el) => decodeURIComponent(getComputedStyle(el, '::after').backgroundImage))).toContain(reader.username);

    const key = (await api('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' })).unique_key;
    const visitor = await e.newPage({ lang: 'zh', viewport: MOBILE });
    await visitor.goto(`/p/${key}`);
    const shared = visitor.getByRole('article', { name: 'Rate limits' });
    await shared.waitFor();
    await expect.poll(() => shared.evaluate((el) => decodeURIComponent(getComputedStyle(el, '::after').backgroundImage))).toContain('访客');
    // a public item's threads are readable through the share, but a visitor never comments
    await visitor.locator('.cm-count').click();
    await visitor.getByText('登录后即可参与讨论。').waitFor();
    await screenshot(visitor, 'comments-share-watermark-zh-390');
  });
});

describe('switches off', () => {
  it('shows no discussion, no "helpful?" foot and no watermark when the item turns them off', async () => {
    await api('item/update', { item_id: itemId, allow_comment: 0, allow_feedback: 0, show_watermark: 0 });
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.getByRole('article', { name: 'Rate limits' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.cm-count').count()).toBe(0);
    expect(await page.getByText('Was this page helpful?').count()).toBe(0);
    expect(await page.locator('.cm-watermark').count()).toBe(0);
    await api('item/update', { item_id: itemId, allow_comment: 2, allow_feedback: 1, show_watermark: 1 });
  });
});

describe('hostile comment bodies', () => {
  const corpus = JSON.parse(fs.readFileSync(new URL('../security/xss-corpus.json', import.meta.url), 'utf8')) as {
    payloads: Array<{ title?: string; payload: string }>;
  };
  const chosen = [
    'Malformed IMG tags',
    'On error alert',
    'SVG object tag',
    'Markdown javascript link',
    'Markdown image onerror',
    'Attribute breakout, single quote',
    'details ontoggle',
    'autofocus onfocus',
    'iframe srcdoc',
  ];
  const payloads = chosen.map((title) => corpus.payloads.find((p) => p.title === title)!.payload.replaceAll('alert(', 'window.__pwned('));

  it("render inert through the pages' sanitiser, their text kept", async () => {
    for (const [i, payload] of payloads.entries())
      await api('comment/save', { page_id: pageId, content: `hostile ${i} ${payload} \`<script>shown()</script>\`` });
    const context = await e.browser.newContext({ baseURL: e.t.url, bypassCSP: true, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('folio_lang', 'en'));
    await context.addCookies([{ name: 'folio_token', value: owner.token, url: e.t.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
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
      (window as unknown as { alert: (v: unknown) => void }).alert = (v) => hits.push(v);
    });
    await page.goto(`/${itemId}?page_id=${pageId}`);
    await page.locator('.cm-count').click();
    const panel = page.getByRole('complementary', { name: 'Comments' });
    await panel.getByText(`hostile ${payloads.length - 1}`).waitFor();
    expect(await panel.locator('.cm-body code', { hasText: '<script>shown()</script>' }).count()).toBe(payloads.length);
    expect(
      await panel.locator('.cm-body script, .cm-body iframe, .cm-body [onerror], .cm-body [onload], .cm-body [onfocus], .cm-body [ontoggle]').count(),
    ).toBe(0);
    const links = panel.locator('.cm-body a, .cm-body img, .cm-body svg, .cm-body details, .cm-body input');
    for (let i = 0; i < (await links.count()); i++)
      await links
        .nth(i)
        .click({ force: true, noWaitAfter: true, timeout: 2000 })
        .catch(() => undefined);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned: unknown[] }).__pwned)).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
