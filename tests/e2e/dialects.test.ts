import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

// Issue #21 part 6 in the reader: the generators' callouts and heading ids, and `?page_id=N#section` links.
let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let itemId: number;
let guideId: number;

const GUIDE = [
  '# Install guide { #install-guide }',
  '',
  ':::tip[Fast path]',
  'Use the **installer**.',
  ':::',
  '',
  '!!! warning "Mind the version"',
  '    Node 24 or later.',
  '',
  '??? note "More detail"',
  '    Folded until opened.',
  '',
  '/// danger | Do not',
  'Run as root.',
  '///',
  '',
  '> [!NOTE]',
  '> GitHub alerts too.',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i + 1} so the section below starts off screen.\n`),
  '## Configure { #configure-it }',
  '',
  'The section a link opens.',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Closing paragraph ${i + 1}, so the page can scroll the section to the top.\n`),
].join('\n');

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  ({ item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Dialects' }));
  const save = async (title: string, content: string) => {
    const r = await e.t.call('page/save', { item_id: itemId, cat_id: 0, page_title: title, page_content: content }, { token: owner.token });
    return Number(r.data.page_id);
  };
  guideId = await save('Guide', GUIDE);
});
afterAll(async () => {
  await e?.close();
});

describe('generator dialects in the reader', () => {
  it('renders admonitions of every generator as styled callouts and hides { #id } from headings', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}?page_id=${guideId}`);
    const body = page.locator('.markdown-body');
    await body.locator('.callout').first().waitFor();
    expect(
      await body
        .locator('.callout')
        .evaluateAll((els) => els.map((el) => [el.tagName.toLowerCase(), el.className, el.querySelector('.callout-title')?.textContent])),
    ).toEqual([
      ['div', 'callout callout-tip', 'Fast path'],
      ['div', 'callout callout-warning', 'Mind the version'],
      ['details', 'callout callout-note', 'More detail'],
      ['div', 'callout callout-danger', 'Do not'],
      ['div', 'callout callout-note', 'Note'],
    ]);
    // Styled: a coloured bar on the left, different per type.
    const borders = await body.locator('.callout').evaluateAll((els) => els.map((el) => getComputedStyle(el).borderLeftColor));
    expect(new Set(borders).size).toBeGreaterThanOrEqual(3);
    expect(await body.getByText('Folded until opened.').isVisible()).toBe(false);
    await body.getByText('More detail').click();
    await body.getByText('Folded until opened.').waitFor();
    const h1 = body.locator('h1');
    expect([await h1.getAttribute('id'), await h1.textContent()]).toEqual(['install-guide', 'Install guide']);
    expect(await body.textContent()).not.toContain('{ #');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dialects-callouts-en-1440');
  });

  it('opens ?page_id=N#section at that heading', async () => {
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/${itemId}?page_id=${guideId}#configure-it`);
    const heading = page.locator('.markdown-body h2#configure-it');
    await heading.waitFor();
    await expect.poll(async () => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top)), { timeout: 10_000 }).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await screenshot(page, 'dialects-anchor-en-1440');
  });
});
