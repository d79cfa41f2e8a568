import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWDOC_ITEM, showdocDatabase } from '../helpers/showdocDb.ts';
import { makeItem, makeUser, MOBILE, screenshot, startE2E, type E2E } from './helpers.ts';
import { buildCatalog, buildPage } from '../helpers/factories.ts';

/**
 * Issue #24 part 8 in the browser: item settings -> "Comments & feedback" -> import ShowDoc's
 * comments from its SQLite database file, then the thread is on the page with ShowDoc's author.
 * The database is the one the API test uses (tests/helpers/showdocDb.ts).
 */
let e: E2E;
let owner: Awaited<ReturnType<typeof makeUser>>;
let tmp: string;
/** A ShowDoc user with no Folio account: the imported thread keeps the name. */
const SHOWDOC_AUTHOR = 'carol_showdoc';

/** A Folio item imported from that ShowDoc item: API / Users & roles / Login. */
async function importedItem(name: string): Promise<{ itemId: number; loginId: number }> {
  const { item_id: itemId } = await makeItem(e.t, owner.token, { item_name: name });
  const api = await buildCatalog(e.t, itemId, 'API');
  const users = await buildCatalog(e.t, itemId, 'Users & roles', api);
  const loginId = await buildPage(e.t, itemId, { cat_id: users, page_title: 'Login', page_content: '# Login\n\nSend the token.' });
  return { itemId, loginId };
}

/** Threads and replies stored on the item. */
const commentsOf = async (itemId: number) => Number((await e.t.services.db('page_comments').where({ item_id: itemId }).count({ n: '*' }).first())?.n ?? 0);

async function fillImport(page: Page, labels: { file: string; id: string }, file: string, showdocId: string) {
  await page.getByLabel(labels.file).setInputFiles(file);
  await page.getByLabel(labels.id, { exact: true }).fill(showdocId);
}

beforeAll(async () => {
  e = await startE2E();
  owner = await makeUser(e.t);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-sdc-'));
});
afterAll(async () => {
  await e?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('import comments from ShowDoc (item settings)', () => {
  it('a wrong item id is refused before sending, a file that is no ShowDoc database is refused, then the import lands on the page (en, desktop)', async () => {
    const { itemId, loginId } = await importedItem('Imported from ShowDoc');
    const page = await e.newPage({ token: owner.token });
    await page.goto(`/item/setting/${itemId}?tab=discussion`);
    const section = page.getByRole('region', { name: 'Import comments from ShowDoc' });
    await section.getByText('Sqlite/showdoc.db.php', { exact: false }).first().waitFor();
    const labels = { file: 'Choose file', id: 'ShowDoc item id' };

    await fillImport(page, labels, showdocDatabase(tmp, SHOWDOC_AUTHOR), 'item-688');
    await section.getByRole('button', { name: 'Import comments' }).click();
    await section.getByRole('alert').filter({ hasText: 'ShowDoc item id: enter the item' }).waitFor();
    await expect(page.getByLabel(labels.id, { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'comments-import-wrong-id-en-1440');
    expect(await commentsOf(itemId)).toBe(0);

    // The server's refusal of a file that is not ShowDoc's database shows as the app's error toast.
    const junk = path.join(tmp, 'junk.db.php');
    fs.writeFileSync(junk, 'not sqlite at all');
    await fillImport(page, labels, junk, String(SHOWDOC_ITEM));
    await section.getByRole('button', { name: 'Import comments' }).click();
    await page.locator('.p-toast-message-error', { hasText: 'File: the ShowDoc database does not read' }).waitFor();
    await expect(page.getByLabel(labels.id, { exact: true }).getAttribute('aria-invalid')).resolves.toBe('false');
    expect(await commentsOf(itemId)).toBe(0);

    await fillImport(page, labels, showdocDatabase(tmp, SHOWDOC_AUTHOR), String(SHOWDOC_ITEM));
    await section.getByRole('button', { name: 'Import comments' }).click();
    const result = section.getByRole('status');
    await result.getByText('Threads imported: 1. Replies imported: 1.').waitFor();
    await expect(result.getByRole('listitem').allInnerTexts()).resolves.toEqual(['Gone here']);
    await screenshot(page, 'comments-import-done-en-1440');

    await page.goto(`/${itemId}?page_id=${loginId}`);
    await page.locator('.cm-count').click();
    const thread = page.getByRole('complementary', { name: 'Comments' }).locator('.cm-thread', { hasText: 'required' });
    await thread.waitFor();
    await expect(thread.locator('.cm-author').first().textContent()).resolves.toBe(SHOWDOC_AUTHOR);
    await thread.locator('.cm-replies', { hasText: /Yes, it.s required/ }).waitFor();
    await screenshot(page, 'comments-import-thread-en-1440');
  });

  it('in Chinese on a phone: the file and the id are checked, then the result lists the unmatched page (zh, 390 px)', async () => {
    const { itemId } = await importedItem('从 ShowDoc 导入');
    const page = await e.newPage({ token: owner.token, lang: 'zh', viewport: MOBILE });
    await page.goto(`/item/setting/${itemId}?tab=discussion`);
    const section = page.getByRole('region', { name: '从 ShowDoc 导入评论' });
    const labels = { file: '选择文件', id: 'ShowDoc 项目 ID' };
    await page.getByLabel(labels.id, { exact: true }).fill(String(SHOWDOC_ITEM));
    await section.getByRole('button', { name: '导入评论' }).click();
    await section.getByRole('alert').filter({ hasText: 'ShowDoc 数据库文件：请选择' }).waitFor();
    await fillImport(page, labels, showdocDatabase(tmp, SHOWDOC_AUTHOR), '0');
    await section.getByRole('button', { name: '导入评论' }).click();
    await section.getByRole('alert').filter({ hasText: 'ShowDoc 项目 ID：' }).waitFor();
    await screenshot(page, 'comments-import-wrong-id-zh-390');

    await page.getByLabel(labels.id, { exact: true }).fill(String(SHOWDOC_ITEM));
    await section.getByRole('button', { name: '导入评论' }).click();
    await section.getByRole('status').getByText('已导入 1 个讨论和 1 条回复。').waitFor();
    await section.getByRole('status').getByRole('listitem').filter({ hasText: 'Gone here' }).waitFor();
    await screenshot(page, 'comments-import-done-zh-390');
    expect(await commentsOf(itemId)).toBe(2);
  });
});
