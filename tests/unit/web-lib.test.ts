import { formatFileSize } from '../../web/src/lib/fileSize.ts';
import { humaniseMessage } from '../../web/src/lib/errorText.ts';
import { describe, expect, it } from 'vitest';
import { beautifyJson, InvalidJsonError, jsonToMarkdownTable, looksLikeTsv, tsvToMarkdownTable } from '../../web/src/lib/markdownTables.ts';
import { shouldOfferDraft, draftKey } from '../../web/src/lib/drafts.ts';
import { sideBySideDiff } from '../../web/src/lib/lineDiff.ts';
import { apiDocTemplate, databaseDocTemplate } from '../../web/src/lib/docTemplates.ts';

const headers = { name: 'name', type: 'type', remark: 'remark' };

describe('jsonToMarkdownTable', () => {
  it('lists every field with its type, nested fields as dotted paths', () => {
    const md = jsonToMarkdownTable('{"id":1,"user":{"name":"a","tags":[{"k":true}]},"price":1.5,"x":null}', headers);
    expect(md.split('\n')).toEqual([
      '|name|type|remark|',
      '|:----|:----|:----|',
      '|id|int| |',
      '|user|object| |',
      '|user.name|string| |',
      '|user.tags|array| |',
      '|user.tags[].k|boolean| |',
      '|price|number| |',
      '|x|null| |',
      '',
    ]);
  });

  it('throws InvalidJsonError on text that is not JSON', () => {
    expect(() => jsonToMarkdownTable('{nope', headers)).toThrow(InvalidJsonError);
  });

  it('escapes pipes in keys so the table keeps its columns', () => {
    expect(jsonToMarkdownTable('{"a|b":1}', headers)).toContain('|a\\|b|int| |');
  });
});

describe('beautifyJson', () => {
  it('indents with two spaces', () => {
    expect(beautifyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });
  it('throws InvalidJsonError on bad input', () => {
    expect(() => beautifyJson('[1,')).toThrow(InvalidJsonError);
  });
});

describe('tsv paste', () => {
  it('recognises an Excel selection and not ordinary text', () => {
    expect(looksLikeTsv('a\tb\n1\t2\n')).toBe(true);
    expect(looksLikeTsv('one line\twith tab')).toBe(false);
    expect(looksLikeTsv('a\tb\nplain')).toBe(false);
  });
  it('makes the first row the header and escapes pipes', () => {
    expect(tsvToMarkdownTable('Name\tValue\r\nx|y\t2\r\n')).toBe('|Name|Value|\n|:----|:----|\n|x\\|y|2|\n');
  });
});

describe('drafts', () => {
  it('offers a draft only when longer than 10 characters and different from the page', () => {
    expect(shouldOfferDraft('short', 'x')).toBe(false);
    expect(shouldOfferDraft('exactly10c', 'x')).toBe(false);
    expect(shouldOfferDraft('more than ten', 'more than ten')).toBe(false);
    expect(shouldOfferDraft('more than ten', 'saved')).toBe(true);
    expect(shouldOfferDraft(null, 'saved')).toBe(false);
  });
  it('keys drafts per page, and per item for a page not yet saved', () => {
    expect(draftKey(5, 9)).toBe('folio_draft_page_9');
    expect(draftKey(5, 0)).toBe('folio_draft_new_5');
  });
});

describe('sideBySideDiff', () => {
  it('pairs changed lines with word highlights and numbers both sides', () => {
    const rows = sideBySideDiff('a\nold word\nc\n', 'a\nnew word\nc\nd\n');
    expect(rows.map((r) => [r.left.kind, r.right.kind])).toEqual([
      ['same', 'same'],
      ['removed', 'added'],
      ['same', 'same'],
      ['empty', 'added'],
    ]);
    expect(rows[1]!.left.segments).toEqual([
      { text: 'old', changed: true },
      { text: ' word', changed: false },
    ]);
    expect(rows[1]!.right.segments[0]).toEqual({ text: 'new', changed: true });
    expect(rows[3]!.right.line).toBe(4);
  });
  it('keeps markup as plain text', () => {
    const rows = sideBySideDiff('', '<script>x</script>\n');
    expect(rows[0]!.right.segments[0]!.text).toBe('<script>x</script>');
  });
});

describe('doc templates', () => {
  it('offers the API and database templates in both languages', () => {
    expect(apiDocTemplate('en')).toContain('|Name|Required|Type|Remark|');
    expect(apiDocTemplate('zh-CN')).toContain('|参数名|必选|类型|说明|');
    expect(databaseDocTemplate('en')).toContain('|Field|Type|');
    expect(databaseDocTemplate('zh')).toContain('|字段|类型|');
  });
});

import { parseSheets, sheetCells } from '../../core/spreadsheet.ts';

describe('parseSheets (spreadsheet page content)', () => {
  it('reads FortuneSheet celldata and the data matrix alike', () => {
    const content = JSON.stringify([
      { name: 'Q1', celldata: [{ r: 0, c: 0, v: { v: 1, m: '1.00' } }] },
      { name: 'Q2', data: [[null, { v: 'x' }]] },
    ]);
    const sheets = parseSheets(content);
    expect(sheets.map((s) => s.name)).toEqual(['Q1', 'Q2']);
    expect(sheetCells(sheets[0]!)).toEqual([{ r: 0, c: 0, v: { v: 1, m: '1.00' } }]);
    expect(sheetCells(sheets[1]!)).toEqual([{ r: 0, c: 1, v: { v: 'x' } }]);
  });
  it('turns an old ShowDoc x-spreadsheet sheet into cells, merges and widths', () => {
    const content = JSON.stringify({ name: 's', rows: { 0: { cells: { 1: { text: 'b' } } } }, merges: ['B1:C2'], cols: { 1: { width: 120 } } });
    const [sheet] = parseSheets(content);
    expect(sheetCells(sheet!)).toEqual([
      { r: 0, c: 1, v: { v: 'b', m: 'b', ct: { fa: 'General', t: 'g' }, mc: { r: 0, c: 1, rs: 2, cs: 2 } } },
      { r: 0, c: 2, v: { mc: { r: 0, c: 1 } } },
      { r: 1, c: 1, v: { mc: { r: 0, c: 1 } } },
      { r: 1, c: 2, v: { mc: { r: 0, c: 1 } } },
    ]);
    expect(sheet!.config).toEqual({ merge: { '0_1': { r: 0, c: 1, rs: 2, cs: 2 } }, columnlen: { 1: 120 } });
  });
  it('gives no sheets for content that is not JSON', () => {
    expect(parseSheets('not json')).toEqual([]);
  });
});

import type { Menu, MenuCatalog, MenuPage } from '../../core/wire.ts';
import { toNodes, treeEntries, treeProblem, levelOf } from '../../web/src/scenes/CatalogManager/catalogTree.ts';

describe('catalog manager tree', () => {
  // item/info's shapes (core/wire.ts), with the fields this model does not read at their defaults.
  const page = (page_id: number, page_title: string, cat_id: number): MenuPage => ({
    page_id,
    page_title,
    cat_id,
    author_uid: 1,
    s_number: 0,
    addtime: 0,
    ext_info: '',
    is_draft: 0,
  });
  const catalog = (cat_id: number, cat_name: string, parent_cat_id: number, level: number, pages: MenuPage[], catalogs: MenuCatalog[]): MenuCatalog => ({
    cat_id,
    cat_name,
    item_id: 1,
    s_number: 0,
    addtime: 0,
    parent_cat_id,
    level,
    pages,
    catalogs,
  });
  const menu: Menu = {
    pages: [page(9, 'Root page', 0)],
    catalogs: [catalog(1, 'A', 0, 2, [page(10, 'In A', 1)], [catalog(2, 'B', 1, 3, [], [])])],
  };

  it('lists catalogs with level and position, and pages with their new parent', () => {
    expect(treeEntries(toNodes(menu))).toEqual([
      { cat_id: 1, cat_name: 'A', parent_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: 2, cat_name: 'B', parent_cat_id: 1, level: 3, s_number: 1 },
      { page_id: 10, parent_cat_id: 1, s_number: 2 },
      { page_id: 9, parent_cat_id: 0, s_number: 2 },
    ]);
  });

  it('refuses a fourth catalog level and entries inside a page', () => {
    const nodes = toNodes(menu);
    expect(treeProblem(nodes)).toBeNull();
    const b = nodes[0]!.children![0]!;
    b.children = [{ key: 'c3', data: { kind: 'catalog', id: 3, name: 'C' }, children: [{ key: 'c4', data: { kind: 'catalog', id: 4, name: 'D' } }] }];
    expect(treeProblem(nodes)).toBe('tooDeep');
    expect(levelOf(nodes, 'c3')).toBe(4);
    const fresh = toNodes(menu);
    fresh[1]!.children = [{ key: 'c1', data: { kind: 'catalog', id: 1, name: 'A' } }];
    expect(treeProblem(fresh)).toBe('pageNoChildren');
  });
});

import { markedPieces } from '../../web/src/lib/markedText.ts';

describe('markedPieces', () => {
  it('turns escaped, <mark>-highlighted text into plain pieces', () => {
    expect(markedPieces('a &lt;b&gt; <mark>Zeb</mark> &amp; c')).toEqual([
      { text: 'a <b> ', marked: false },
      { text: 'Zeb', marked: true },
      { text: ' & c', marked: false },
    ]);
  });
  it('drops any tag that is not a mark', () => {
    expect(markedPieces('<img src=x onerror=alert(1)>hi')).toEqual([{ text: 'hi', marked: false }]);
  });
});

import { openingBlocks, PROGRESSIVE_MIN_CHARS } from '../../web/src/lib/progressive.ts';

describe('openingBlocks', () => {
  it('keeps short pages whole', () => {
    expect(openingBlocks('# short\n\ntext')).toBe('# short\n\ntext');
  });
  it('cuts a long page at a blank line after the target length', () => {
    const src = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} text text text`).join('\n\n');
    const head = openingBlocks(src, 1000);
    expect(src.length).toBeGreaterThan(PROGRESSIVE_MIN_CHARS);
    expect(head.length).toBeGreaterThanOrEqual(1000);
    expect(head.length).toBeLessThan(1100);
    expect(src.startsWith(head)).toBe(true);
    expect(head.trimEnd().endsWith('text')).toBe(true);
  });
  it('never cuts inside a fenced code block', () => {
    const fence = '```\n' + Array.from({ length: 200 }, (_, i) => `code ${i}\n`).join('\n') + '```\n';
    const src = 'x'.repeat(900) + '\n\n' + fence + '\n' + 'after\n\n'.repeat(6000);
    const head = openingBlocks(src, 1000);
    expect(head.split('```').length - 1).toBe(2);
  });
});

describe('formatFileSize', () => {
  it('spells bytes out with the plural in both languages and keeps short units above', () => {
    expect(formatFileSize(45, 'en')).toBe('45 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(45, 'zh')).toBe('45字节');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(3 * 1024 * 1024, 'zh')).toMatch(/^3\s?MB$/);
  });
});

describe('humaniseMessage (server messages that name a field)', () => {
  const labels: Record<string, string> = { item_name: 'Item name', item_domain: 'Personalized domain', cat_id: '目录' };
  const label = (f: string) => labels[f];
  it('turns a field prefix into a sentence with its label', () => {
    expect(humaniseMessage('item_name: is required', label)).toBe('Item name is required');
    expect(humaniseMessage('item_domain: personalized domain names can only be a combination of letters or numbers', label)).toBe(
      'Personalized domain names can only be a combination of letters or numbers',
    );
    expect(humaniseMessage('cat_id：该目录不属于此项目', label)).toBe('目录：该目录不属于此项目');
  });
  it('drops the prefix of a field without a label, each part of a list, and leaves other text alone', () => {
    expect(humaniseMessage('table_detail: no table rows below the header; item_name: is required', label)).toBe(
      'No table rows below the header; Item name is required',
    );
    expect(humaniseMessage('This page is being edited by ann', label)).toBe('This page is being edited by ann');
    expect(humaniseMessage('Server error (request id 1a: 2)', label)).toBe('Server error (request id 1a: 2)');
  });
});
