import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDocsZipWith } from '../helpers/files.ts';
import { makeUser, screenshot, startE2E, type E2E } from './helpers.ts';

/**
 * Issue #26: an item imported from a Markdown zip opens on the first page of its menu tree, not on
 * the first file of the archive. The archive is real documentation (tests/fixtures/real-docs),
 * zipped with its files in an order unlike the tree's, through the "Import file" tab.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/real-docs');
let e: E2E;
let zipFile: string;

beforeAll(async () => {
  e = await startE2E();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-open-'));
  fs.cpSync(FIXTURE, path.join(work, 'real-docs'), { recursive: true });
  // Archive order: react-router's pages (front matter `order: 1`) first, fastify's last.
  const files = execFileSync('find', ['real-docs', '-type', 'f'], { cwd: work, encoding: 'utf8' }).trim().split('\n').sort().reverse();
  execFileSync('zip', ['-q', 'real-docs.zip', ...files], { cwd: work });
  zipFile = path.join(work, 'real-docs.zip');
});
afterAll(async () => {
  await e?.close();
});

describe('an imported Markdown zip', () => {
  it('opens on the first page of the menu tree, with its catalogs expanded', async () => {
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=import');
    await page.getByLabel('Choose a file').setInputFiles(zipFile);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/\d+$/);
    const tree = page.getByRole('tree', { name: 'Catalog' });
    // The tree: fastify-docs › Reference › Encapsulation, Plugins; then react-router-docs › start › …
    await page.getByRole('article', { name: 'Encapsulation' }).waitFor();
    await expect(tree.getByRole('treeitem', { name: 'Encapsulation' }).getAttribute('aria-current')).resolves.toBe('page');
    const first = tree.locator('a[role="treeitem"]').first();
    expect(await first.getAttribute('title')).toBe('Encapsulation');
    // The figure is an attachment of the item, shown in the page.
    const figure = page.getByRole('article', { name: 'Encapsulation' }).getByRole('img', { name: 'Figure 1' });
    await figure.waitFor();
    expect(await figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'import-zip-opens-first-tree-page-en-1440');
  });
});

describe('a Markdown zip with entries refused for their names', () => {
  it('is imported without them, and the import form names each before the item opens', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-skipped-'));
    const file = path.join(work, 'real-docs.zip');
    fs.writeFileSync(file, await realDocsZipWith({ '../evil.md': '# Evil' }));
    const user = await makeUser(e.t);
    const page = await e.newPage({ token: user.token });
    await page.goto('/item/add?tab=import');
    await page.getByLabel('Choose a file').setInputFiles(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('region', { name: 'Imported, without 1 file of the archive' });
    await dialog.waitFor();
    await expect(dialog.getByRole('listitem').textContent()).resolves.toBe('../evil.md not imported: climbs out of the archive with ".."');
    await screenshot(page, 'import-zip-skipped-entries-en-1440');
    await page.getByRole('button', { name: 'Open the item' }).click();
    await page.waitForURL(/\/\d+$/);
    await page.getByRole('article', { name: 'Encapsulation' }).waitFor();
  });
});
