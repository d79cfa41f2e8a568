import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { emptyApiDoc } from '../../../core/apiDoc.ts';
import { sanitizeFileName, uniqueName } from '../../../core/fileNames.ts';
import type { DocCatalog, DocPage, DocTree } from '../../../core/tree.ts';
import { exportDocx } from '../../../exporters/docx.ts';
import { exportHtmlSite } from '../../../exporters/htmlSite.ts';
import { exportMarkdownZip, showDocManifest } from '../../../exporters/markdownZip.ts';
import { getNodePurify } from '../../../exporters/purify.ts';
import { selectSubtree } from '../../../exporters/select.ts';
import { importZip } from '../../../importers/showdocZip.ts';
import { PNG_BYTES } from '../../helpers/files.ts';

const ZIPS = path.resolve(import.meta.dirname, '../../fixtures/showdoc-zips');

/** Children sorted by order (then name), the shape two trees must share after a round trip. */
function normalise(node: { pages: DocPage[]; catalogs: DocCatalog[] }): unknown {
  const sort = <T extends { order?: number }>(xs: T[], name: (x: T) => string) =>
    [...xs].sort((a, b) => (a.order ?? 99) - (b.order ?? 99) || name(a).localeCompare(name(b)));
  return {
    pages: sort(node.pages, (p) => p.title).map((p) => ({ title: p.title, content: p.content, order: p.order ?? 99, key: p.key })),
    catalogs: sort(node.catalogs, (c) => c.name).map((c) => ({ name: c.name, order: c.order ?? 99, ...(normalise(c) as object) })),
  };
}

const sample: DocTree = {
  name: 'Sample',
  description: 'd',
  itemType: 1,
  pages: [
    { title: 'Intro', content: '# Hi\n\n`code` & <b>html</b>', order: 1, key: 'k:intro' },
    { title: 'intro', content: 'same name, other case', order: 2 },
  ],
  catalogs: [
    { name: 'CON', order: 1, pages: [{ title: 'a/b: c?', content: 'x', order: 1 }], catalogs: [{ name: 'Sub', order: 1, pages: [], catalogs: [] }] },
    {
      name: 'v1.0 API',
      order: 2,
      pages: [
        {
          title: 'Api',
          content: JSON.stringify({ ...emptyApiDoc(), info: { ...emptyApiDoc().info, url: 'https://x.test/api', method: 'post', description: 'JSON page' } }),
          order: 1,
        },
      ],
      catalogs: [],
    },
  ],
};

describe('file names (ShowDoc rules)', () => {
  it.each([
    ['v1.0 API', 'v1_0 API'],
    ['__kanban_board__', 'kanban_board'],
    [`Esc <b>"q"</b> & 'x'`, `Esc _b_q_b_ & 'x'`],
    ['  ', '未命名'],
    ['CON', 'CON_'],
    ['lpt9', 'lpt9_'],
    ['a\u0001b', 'a_b'],
  ])('%j → %j', (input, out) => expect(sanitizeFileName(input)).toBe(out));

  it('caps names at 200 characters and numbers collisions case-insensitively', () => {
    expect(Array.from(sanitizeFileName('名'.repeat(300)))).toHaveLength(200);
    const taken = new Set<string>();
    expect([uniqueName('Login', '.md', taken), uniqueName('login', '.md', taken), uniqueName('Login', '.md', taken)]).toEqual([
      'Login.md',
      'login_1.md',
      'Login_2.md',
    ]);
  });
});

describe('exportMarkdownZip', () => {
  it('writes info.json and prefix_info.json alike, never a password, and folders of raw .md', async () => {
    const zip = await JSZip.loadAsync(await exportMarkdownZip(sample, { date: new Date('2026-01-02T03:04:05Z') }));
    expect(Object.keys(zip.files)).toEqual([
      'info.json',
      'prefix_info.json',
      'Intro.md',
      'intro_1.md',
      'CON_/',
      'CON_/a_b_ c.md',
      'CON_/Sub/',
      'v1_0 API/',
      'v1_0 API/Api.md',
    ]);
    const info = await zip.file('info.json')!.async('string');
    expect(await zip.file('prefix_info.json')!.async('string')).toBe(info);
    expect(JSON.parse(info)).toEqual(showDocManifest(sample));
    expect(JSON.parse(info).password).toBe('');
    expect(JSON.parse(info).pages.pages[0]).toMatchObject({
      page_content: '# Hi\n\n`code` &amp; &lt;b&gt;html&lt;/b&gt;',
      s_number: '1',
      stable_key: 'k:intro',
    });
    expect(await zip.file('Intro.md')!.async('string')).toBe('# Hi\n\n`code` & <b>html</b>');
    expect(zip.files['Intro.md']!.date.toISOString()).toBe('2026-01-02T03:04:04.000Z'); // zip times have 2 s resolution
  });

  it.each(['apidoc.zip', 'crm-user-export.zip', 'databasedoc.zip', 'spreadsheet.zip', 'teamdoc.zip'])('round-trips %s losslessly', async (file) => {
    const tree = await importZip(new Uint8Array(fs.readFileSync(path.join(ZIPS, file))), { fileName: file });
    const again = await importZip(await exportMarkdownZip(tree), { fileName: 'again.zip' });
    expect(again.name).toBe(tree.name);
    expect(again.itemType).toBe(tree.itemType);
    expect(normalise(again)).toEqual(normalise(tree));
  });

  it('round-trips keys, empty catalogs and catalog order', async () => {
    const again = await importZip(await exportMarkdownZip(sample));
    expect(normalise(again)).toEqual(normalise(sample));
  });
});

describe('exportDocx', () => {
  const documentXml = async (bytes: Uint8Array) => (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  const headings = (xml: string) => [...xml.matchAll(/<w:pStyle w:val="(Heading\d|Title)"\/>.*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => `${m[1]}:${m[2]}`);

  it('numbers catalogs and pages 1, 1.1, 1.1.1 as real headings, page headings below them', async () => {
    expect(headings(await documentXml(await exportDocx(sample)))).toEqual([
      'Title:Sample',
      'Heading1:1 Intro',
      'Heading2:Hi',
      'Heading1:2 intro',
      'Heading1:3 CON',
      'Heading2:3.1 a/b: c?',
      'Heading2:3.2 Sub',
      'Heading1:4 v1.0 API',
      'Heading2:4.1 Api',
      'Heading6:Description',
      'Heading6:Request URL',
      'Heading6:Method',
    ]);
  });

  it('does not number a lone page', async () => {
    const xml = await documentXml(await exportDocx({ name: 'One', pages: [{ title: 'Only', content: 'text' }], catalogs: [] }));
    expect(headings(xml)).toEqual(['Title:One', 'Heading1:Only']);
  });

  it('embeds resolved images, asks only for the images on the pages, and keeps others as alt text', async () => {
    const asked: string[] = [];
    const tree: DocTree = {
      name: 'Img',
      pages: [{ title: 'P', content: '![local](/api/attachment/visitFile?sign=abc)\n\n![far](https://example.com/a.png)' }],
      catalogs: [],
    };
    const bytes = await exportDocx(tree, { resolveImage: async (url) => (asked.push(url), url.includes('visitFile') ? new Uint8Array(PNG_BYTES) : null) });
    const zip = await JSZip.loadAsync(bytes);
    expect(asked.sort()).toEqual(['/api/attachment/visitFile?sign=abc', 'https://example.com/a.png']);
    expect(Object.keys(zip.files).filter((n) => n.startsWith('word/media/'))).toHaveLength(1);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('[far]');
  });

  it('writes tables, code blocks, lists and links', async () => {
    const md =
      '| a | **b** |\n|---|---|\n| `1` | 2 |\n\n```\nline1\nline2\n```\n\n- one\n- two\n\n1. first\n\n[site](https://example.com) <span>inline html</span>';
    const zip = await JSZip.loadAsync(await exportDocx({ name: 'T', pages: [{ title: 'P', content: md }], catalogs: [] }));
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">b<\/w:t>/);
    expect(xml).toContain('line1');
    expect(xml).toContain('<w:numPr>');
    expect(xml).toContain('1. ');
    expect(xml).toContain('inline html');
    expect(await zip.file('word/_rels/document.xml.rels')!.async('string')).toContain('Target="https://example.com"');
  });
});

describe('exportHtmlSite', () => {
  it('writes an index, one sanitised page per page with the navigation, and a stylesheet', async () => {
    const tree: DocTree = {
      name: 'Site <x>',
      pages: [{ title: 'Bad', content: '<img src=x onerror=alert(1)><script>alert(2)</script>ok', order: 1 }],
      catalogs: [{ name: 'Cat', pages: [{ title: 'Inner', content: '# T' }], catalogs: [] }],
    };
    const zip = await JSZip.loadAsync(await exportHtmlSite(tree, { purify: getNodePurify() }));
    expect(Object.keys(zip.files).sort()).toEqual(['index.html', 'pages/', 'pages/page-1.html', 'pages/page-2.html', 'style.css']);
    const bad = await zip.file('pages/page-1.html')!.async('string');
    expect(bad).not.toMatch(/<script|onerror/);
    expect(bad).toContain('<title>Bad</title>');
    expect(bad).toContain('<a href="page-2.html">Inner</a>');
    expect(await zip.file('index.html')!.async('string')).toContain('<h1>Site &lt;x&gt;</h1>');
  });
});

describe('selectSubtree', () => {
  const tree: DocTree = {
    name: 'S',
    pages: [{ title: 'r', content: '', pageId: 1 }],
    catalogs: [
      {
        name: 'c',
        catId: 10,
        pages: [{ title: 'p', content: '', pageId: 2 }],
        catalogs: [{ name: 'd', catId: 11, pages: [{ title: 'q', content: '', pageId: 3 }], catalogs: [] }],
      },
    ],
  };

  it('picks one page, one catalog with its subtree, or everything', () => {
    expect(selectSubtree(tree, { pageId: 3 })!.pages.map((p) => p.title)).toEqual(['q']);
    expect(selectSubtree(tree, { catId: 11 })!.catalogs.map((c) => c.name)).toEqual(['d']);
    expect(selectSubtree(tree, {})).toBe(tree);
  });

  it('answers null for ids that are not in the tree', () => {
    expect(selectSubtree(tree, { pageId: 99 })).toBeNull();
    expect(selectSubtree(tree, { catId: 99 })).toBeNull();
  });
});
