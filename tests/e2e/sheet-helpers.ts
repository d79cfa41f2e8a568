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
