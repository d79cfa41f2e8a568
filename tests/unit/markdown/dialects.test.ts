import JSZip from 'jszip';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractHeadings, renderMarkdown } from '../../../core/markdown.ts';
import type { DocTree } from '../../../core/tree.ts';
import { exportDocx } from '../../../exporters/docx.ts';
import { exportHtmlSite } from '../../../exporters/htmlSite.ts';
import { exportMarkdownZip } from '../../../exporters/markdownZip.ts';
import { getNodePurify } from '../../../exporters/purify.ts';

// Issue #21 part 6: the generators' Markdown dialects render as callouts and heading ids.
const purify = getNodePurify();
const dom = (md: string) => JSDOM.fragment(renderMarkdown(md, purify));
const callouts = (md: string) =>
  [...dom(md).querySelectorAll('.callout')].map((el) => ({
    tag: el.tagName.toLowerCase(),
    cls: el.className,
    open: el.hasAttribute('open'),
    title: el.querySelector(':scope > .callout-title')?.textContent ?? null,
    body: [...el.children]
      .filter((c) => !c.classList.contains('callout-title'))
      .map((c) => c.textContent?.trim())
      .join('|'),
  }));

describe('heading ids', () => {
  it('uses {#id} and attr_list { #id } as the anchor and hides the braces', () => {
    const md = '# Install { #install-guide }\n\n## Setup {#setup}\n\n### Styled { #styled .red }\n\n## Plain {not an id}\n';
    const frag = dom(md);
    expect([...frag.querySelectorAll('h1,h2,h3')].map((h) => [h.id, h.textContent])).toEqual([
      ['install-guide', 'Install'],
      ['setup', 'Setup'],
      ['styled', 'Styled'],
      ['plain-not-an-id', 'Plain {not an id}'],
    ]);
    expect(extractHeadings(md).map((h) => h.id)).toEqual(['install-guide', 'setup', 'styled', 'plain-not-an-id']);
  });
});

describe('callouts', () => {
  it('renders Docusaurus and VitePress ::: containers, with their titles', () => {
    const md = ':::tip[Use the CLI]\nRun **docs**.\n:::\n\n::: warning Careful\nHot.\n:::\n\n:::danger\nStop.\n:::\n\n::: details Click\nHidden.\n:::\n';
    expect(callouts(md)).toEqual([
      { tag: 'div', cls: 'callout callout-tip', open: false, title: 'Use the CLI', body: 'Run docs.' },
      { tag: 'div', cls: 'callout callout-warning', open: false, title: 'Careful', body: 'Hot.' },
      { tag: 'div', cls: 'callout callout-danger', open: false, title: 'Danger', body: 'Stop.' },
      { tag: 'details', cls: 'callout callout-note', open: false, title: 'Click', body: 'Hidden.' },
    ]);
  });

  it('renders MkDocs !!! and ??? admonitions with indented bodies, and ends them at the first unindented line', () => {
    const md = '!!! note "Read this"\n    First *para*.\n\n    Second para.\n\n??? warning\n    Folded.\n\n???+ tip "Open"\n    Shown.\n\nAfter.\n';
    expect(callouts(md)).toEqual([
      { tag: 'div', cls: 'callout callout-note', open: false, title: 'Read this', body: 'First para.|Second para.' },
      { tag: 'details', cls: 'callout callout-warning', open: false, title: 'Warning', body: 'Folded.' },
      { tag: 'details', cls: 'callout callout-tip', open: true, title: 'Open', body: 'Shown.' },
    ]);
    expect(dom(md).lastElementChild?.outerHTML).toBe('<p>After.</p>');
  });

  it('renders pymdownx /// blocks and GitHub > [!NOTE] alerts', () => {
    const md = '/// tip | Shortcut\nPress **K**.\n///\n\n> [!CAUTION]\n> Data loss.\n\n> an ordinary quote\n';
    expect(callouts(md)).toEqual([
      { tag: 'div', cls: 'callout callout-tip', open: false, title: 'Shortcut', body: 'Press K.' },
      { tag: 'div', cls: 'callout callout-caution', open: false, title: 'Caution', body: 'Data loss.' },
    ]);
    expect(dom(md).querySelectorAll('blockquote')).toHaveLength(1);
  });

  it('leaves unknown container words and titles with markup as safe text', () => {
    const md = ':::unknown\ntext\n:::\n\n!!! note "<img src=x onerror=alert(1)>"\n    body\n\n> [!NOTE] <script>alert(1)</script>\n> b\n';
    const frag = dom(md);
    expect(frag.querySelectorAll('.callout')).toHaveLength(2);
    expect(frag.querySelector('img, script')).toBeNull();
    expect(frag.querySelector('.callout-note .callout-title')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(frag.firstElementChild?.textContent).toContain(':::unknown');
  });

  it('leaves text that only looks like a marker alone (older pages keep rendering as they did)', () => {
    const md = '!!! Do not delete this page\n\n??? what\n\n!!!\n';
    expect(callouts(md)).toEqual([]);
    expect(dom(md).textContent).toContain('!!! Do not delete this page');
  });
});

describe('exports', () => {
  const content = '# Guide { #guide }\n\n!!! warning "Mind the gap"\n    Between train and platform.\n\n:::tip\nTake the stairs.\n:::\n';
  const tree: DocTree = { name: 'Dialects', itemType: 1, pages: [{ title: 'Guide', content, order: 1 }], catalogs: [] };

  it('the HTML export shows callouts styled and the heading with its id', async () => {
    const zip = await JSZip.loadAsync(await exportHtmlSite(tree, { purify }));
    const page = await zip.file('pages/page-1.html')!.async('string');
    expect(page).toContain('<h1 id="guide">Guide</h1>');
    expect(page).toContain('<div class="callout callout-warning"><p class="callout-title">Mind the gap</p>');
    expect(await zip.file('style.css')!.async('string')).toContain('.callout-warning');
  });

  it('the Word export gives each callout a bold title and quotes its body', async () => {
    const xml = await (await JSZip.loadAsync(await exportDocx(tree))).file('word/document.xml')!.async('string');
    const paragraphs = [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) => ({
      text: [...m[1]!.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
      bold: m[1]!.includes('<w:b/>'),
      quote: m[1]!.includes('w:pBdr'),
    }));
    const at = paragraphs.findIndex((p) => p.text === 'Mind the gap');
    expect(paragraphs[at]).toMatchObject({ bold: true, quote: true });
    expect(paragraphs[at + 1]).toMatchObject({ text: 'Between train and platform.', quote: true });
    expect(paragraphs.find((p) => p.text === 'Take the stairs.')).toMatchObject({ quote: true });
    expect(xml).not.toContain('!!!');
    expect(xml).not.toContain(':::');
  });

  it('the Markdown export keeps the dialect byte for byte', async () => {
    const zip = await JSZip.loadAsync(await exportMarkdownZip(tree));
    expect(await zip.file('Guide.md')!.async('string')).toBe(content);
  });
});
