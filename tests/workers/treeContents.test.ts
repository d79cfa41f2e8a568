import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { walkPages, type DocTree } from '../../core/tree.ts';
import { realDocsTree } from '../helpers/npmFixtures.ts';
import { packContents, withContents } from '../../workers/treeContents.ts';

/** The tree as it crosses from a job's worker into the server: serialised, written, read, deserialised. */
const across = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

const textsOf = (tree: DocTree) => [...walkPages(tree)].map(({ page }) => page.content);

describe('an import tree with its pages’ text in one buffer', () => {
  it('gives back every page’s text exactly, real docs and text in several scripts and emoji', async () => {
    const tree = realDocsTree(120);
    tree.catalogs[0]!.pages[0]!.content = '# 接口文档\n\nПривет, мир — “quotes” 🚀\u0000end';
    tree.pages.push({ title: 'Empty', content: '' });
    const expected = textsOf(structuredClone(tree));

    const packed = across(packContents(tree));
    // What crosses holds no page text as strings, only the buffer.
    expect(textsOf(packed.tree).every((t) => t === '')).toBe(true);
    expect(packed.contents.ends).toHaveLength(expected.length);

    const restored = await withContents(packed.tree, packed.contents);
    expect(textsOf(restored)).toEqual(expected);
    // Read as often as asked, the same each time; spread and JSON see the text too.
    const first = [...walkPages(restored)][0]!.page;
    expect(first.content).toBe(expected[0]);
    expect({ ...first }.content).toBe(expected[0]);
    expect(JSON.parse(JSON.stringify(first)).content).toBe(expected[0]);
  });

  it('keeps a text assigned later (a link rewrite) instead of the buffer’s', async () => {
    const tree = realDocsTree(3);
    const packed = across(packContents(tree));
    const restored = await withContents(packed.tree, packed.contents);
    const page = [...walkPages(restored)][1]!.page;
    page.content = 'rewritten [link](./other.md)';
    expect(page.content).toBe('rewritten [link](./other.md)');
    expect([...walkPages(restored)][1]!.page.content).toBe('rewritten [link](./other.md)');
  });

  it('refuses a buffer that does not match the tree', async () => {
    const packed = across(packContents(realDocsTree(4)));
    packed.tree.pages.push({ title: 'Extra', content: '' });
    await expect(withContents(packed.tree, packed.contents)).rejects.toThrow(/5 pages for 4 texts/);
  });
});
