/**
 * Reader benchmark in Debian's Chromium (headless): how soon a 3,000-line page shows after it is
 * clicked in the menu, on loopback (target: its opening blocks within 1 s). Times are taken inside
 * the page (click → first heading in the DOM → last line in the DOM), because a DevTools round
 * trip would wait for the busy main thread. Uses the browser-test harness (real server, built app).
 * Run alone: `node bench/reader.ts`.
 */
import { pathToFileURL } from 'node:url';
import { makeItem, makeUser, startE2E } from '../tests/e2e/helpers.ts';
import { printTable, type BenchTable } from './table.ts';

const LINES = 3000;
const RUNS = 5;

export function longPageMarkdown(lines = LINES): string {
  return Array.from({ length: lines }, (_, i) =>
    i % 50 === 0 ? `## Section ${i / 50}` : `Line ${i} with **bold**, \`code\` and a [link](https://example.com/${i}).`,
  ).join('\n\n');
}

interface Timing {
  first: number;
  whole: number;
}

export async function run(): Promise<BenchTable> {
  const e = await startE2E();
  try {
    const owner = await makeUser(e.t);
    const { item_id: itemId } = await makeItem(e.t, owner.token, { item_name: 'Reader bench' });
    const save = async (title: string, content: string) => {
      const r = await e.t.call('page/save', { item_id: itemId, cat_id: 0, page_title: title, page_content: content }, { token: owner.token });
      if (r.error_code !== 0) throw new Error(`page/save: ${r.error_message}`);
      return Number(r.data.page_id);
    };
    const start = await save('Start', '# Start\n\nA short page.');
    await save('Long page', longPageMarkdown());

    const timings: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await e.newPage({ token: owner.token });
      await page.goto(`/${itemId}?page_id=${start}`);
      await page.getByRole('article', { name: 'Start' }).waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { __t: Record<string, number> };
        w.__t = {};
        document.addEventListener('click', () => (w.__t.click ??= performance.now()), { capture: true });
        new MutationObserver(() => {
          const body = document.querySelector('.markdown-body');
          if (!w.__t.first && body?.querySelector('h2')?.textContent === 'Section 0') w.__t.first = performance.now();
          if (!w.__t.whole && body?.lastElementChild?.textContent?.startsWith('Line 2999')) w.__t.whole = performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('treeitem', { name: 'Long page' }).click();
      await page.waitForFunction(() => (window as unknown as { __t: Record<string, number> }).__t.whole, undefined, { timeout: 30_000 });
      const t = await page.evaluate(() => (window as unknown as { __t: Record<string, number> }).__t);
      timings.push({ first: t.first! - t.click!, whole: t.whole! - t.click! });
      await page.context().close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const first = timings.map((t) => t.first);
    const whole = timings.map((t) => t.whole);
    return {
      title: 'Reader in Chromium (loopback)',
      rows: [
        {
          name: '3,000-line page: opening blocks shown (median)',
          value: `${median(first).toFixed(0)} ms`,
          target: '≤ 1,000 ms',
          met: median(first) <= 1000,
          note: `${RUNS} runs, slowest ${Math.max(...first).toFixed(0)} ms`,
        },
        {
          name: '3,000-line page: whole page in the DOM (median)',
          value: `${median(whole).toFixed(0)} ms`,
          target: '',
          met: null,
          note: `slowest ${Math.max(...whole).toFixed(0)} ms`,
        },
      ],
    };
  } finally {
    await e.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await run());
  process.exit(0);
}
