import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { walkPages, type DocTree } from '../../core/tree.ts';
import { realDocsTree } from '../helpers/npmFixtures.ts';
import { withContents, writeContents } from '../../workers/treeContents.ts';

/** The tree as it crosses from a job's worker into the server: serialised, written, read, deserialised. */
const across = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

const textsOf = (tree: DocTree) => [...walkPages(tree)].map(({ page }) => page.content);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the import job answers with its texts written to a file (as the server asks), after crossing. */
async function written(tree: DocTree) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-contents-'));
  dirs.push(dir);
  return across(await writeContents(tree, path.join(dir, 'page-texts')));
}

describe('an import tree with its pages’ text in a file of its own', () => {
  it('gives back every page’s text exactly, real docs and text in several scripts and emoji', async () => {
    const tree = realDocsTree(120);
    tree.catalogs[0]!.pages[0]!.content = '# 接口文档\n\nПривет, мир — “quotes” 🚀\u0000end';
    tree.pages.push({ title: 'Empty', content: '' });
    // One text longer than the reader's first buffer (64 KB).
    tree.pages.push({ title: 'Long', content: 'Длинный текст. '.repeat(8000) });
    const expected = textsOf(structuredClone(tree));

    const packed = await written(tree);
    // What crosses holds no page text, only where each ends in the file.
    expect(textsOf(packed.tree).every((t) => t === '')).toBe(true);
    expect(packed.contents.ends).toHaveLength(expected.length);
    expect(fs.statSync(packed.contents.path).size).toBe(packed.contents.ends.at(-1));

    const { tree: restored, close } = await withContents(packed.tree, packed.contents);
    expect(textsOf(restored)).toEqual(expected);
    // Read as often as asked, in any order, the same each time; spread and JSON see the text too.
    const pages = [...walkPages(restored)].map(({ page }) => page);
    expect(pages.at(-1)!.content).toBe(expected.at(-1));
    expect(pages[0]!.content).toBe(expected[0]);
    expect({ ...pages[0]! }.content).toBe(expected[0]);
    expect(JSON.parse(JSON.stringify(pages[0]!)).content).toBe(expected[0]);
    close();
    // Closed, a text is refused rather than read from whatever file now has that descriptor.
    expect(() => pages[1]!.content).toThrow(/after the import’s contents were closed/);
  });

  it('keeps a text assigned later (a link rewrite) instead of the file’s', async () => {
    const packed = await written(realDocsTree(3));
    const { tree: restored, close } = await withContents(packed.tree, packed.contents);
    const page = [...walkPages(restored)][1]!.page;
    page.content = 'rewritten [link](./other.md)';
    expect(page.content).toBe('rewritten [link](./other.md)');
    close();
    expect([...walkPages(restored)][1]!.page.content).toBe('rewritten [link](./other.md)');
  });

  it('refuses a file that does not match the tree', async () => {
    const packed = await written(realDocsTree(4));
    packed.tree.pages.push({ title: 'Extra', content: '' });
    await expect(withContents(packed.tree, packed.contents)).rejects.toThrow(/5 pages for 4 texts/);
    packed.tree.pages.pop();
    fs.appendFileSync(packed.contents.path, 'more');
    await expect(withContents(packed.tree, packed.contents)).rejects.toThrow(/holds \d+ bytes for \d+/);
  });
});
