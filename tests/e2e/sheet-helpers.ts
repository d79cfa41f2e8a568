import type { Page } from 'playwright-core';

/**
 * Driving FortuneSheet in Chromium, for the spreadsheet browser tests (lock editor and live):
 * it draws cells on a canvas, so cells are reached by position (default widths and heights)
 * and read back through the formula bar.
 */

/** Opens the item and waits for FortuneSheet (a large chunk of its own, slow on a busy machine). */
export async function openSheet(page: Page, itemId: number, editable: boolean, extra = '') {
  page.setDefaultTimeout(30_000);
  await page.goto(`/${itemId}`);
  await page.locator(`[data-editable="${editable}"]${extra} .fortune-cell-area`).waitFor({ timeout: 120_000 });
}

/** Clicks a cell of the visible sheet by zero-based row and column. */
export async function clickCell(page: Page, r: number, c: number) {
  const area = page.locator('.fortune-sheet-overlay .fortune-cell-area');
  await area.click({ position: { x: 73 * c + 30, y: 25 * r + 12 } });
}

export async function typeInto(page: Page, r: number, c: number, text: string) {
  await clickCell(page, r, c);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** What the editor's formula bar shows for a cell (its value, or its formula). */
export async function cellText(page: Page, r: number, c: number): Promise<string> {
  await clickCell(page, r, c);
  return (await page.locator('#luckysheet-functionbox-cell').innerText()).trim();
}

/**
 * Inserts one row above (`top`) or one column left of (`left`) a cell through FortuneSheet's own
 * context menu on that cell (a right-click selects the cell). The click lands on the item's
 * "Insert" text: FortuneSheet reads the count from the clicked element's input for columns, so a
 * click on the "Left" word does nothing.
 */
export async function insertAt(page: Page, r: number, c: number, dir: 'top' | 'left') {
  const area = page.locator('.fortune-sheet-overlay .fortune-cell-area');
  await area.click({ button: 'right', position: { x: 73 * c + 30, y: 25 * r + 12 } });
  const menu = page.locator('.fortune-context-menu');
  const item = menu.locator('.luckysheet-cols-menuitem', { has: page.locator(`.luckysheet-cols-rows-shift-${dir}`) });
  await item.locator('.luckysheet-cols-menuitem-content').click({ position: { x: 6, y: 6 } });
  // The menu closes once FortuneSheet has applied the insert.
  await menu.waitFor({ state: 'detached' });
}

/**
 * Records Content-Security-Policy violations on a page (call before it opens anything): the
 * document's securitypolicyviolation events and Chromium's "Refused to …" console errors.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}
