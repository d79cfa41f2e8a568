import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createMarkdown, extractHeadings, renderMarkdown, renderMarkdownUnsafe, sanitizeHtml, slugify, TOC_PLACEHOLDER } from '../../../core/markdown.ts';
import { getNodePurify } from '../../../exporters/purify.ts';
import { JSDOM } from 'jsdom';
import { npmFixture } from '../../helpers/npmFixtures.ts';

const require = createRequire(import.meta.url);
const { tests: specCases } = require(npmFixture('commonmark-spec@0.31.2', 'index.js')) as {
  tests: { markdown: string; html: string; section: string; number: number }[];
};
const purify = getNodePurify();
const render = (md: string) => renderMarkdown(md, purify);

/** Our additions (heading ids, hljs classes) and XHTML-style void tags are not what the spec checks. */
const normalise = (html: string) =>
  html
    .replace(/ id="[^"]*"/g, '')
    .replace(/<code class="hljs language-([^"]*)">/g, '<code class="language-$1">')
    .replace(/<span class="hljs-[^"]*">|<\/span>/g, '')
    .replace(/ \/>/g, '>')
    .replace(/<blockquote>\n<\/blockquote>/g, '<blockquote></blockquote>')
    .trim();

describe('CommonMark conformance (commonmark-spec 0.31.2)', () => {
  // Compared after `normalise`: our heading ids, highlight.js spans and `<br>` vs `<br />` are not what the spec checks.
  it('renders every one of the 652 spec examples as the spec says', () => {
    const md = createMarkdown({ linkify: false });
    const failures: string[] = [];
    for (const c of specCases) {
      const source = c.markdown.replace(/→/g, '\t');
      const expected = normalise(c.html.replace(/→/g, '\t'));
      if (normalise(md.render(source)) !== expected) failures.push(`${c.number} (${c.section})`);
    }
    expect(specCases.length).toBe(652);
    expect(failures).toEqual([]);
  });

  it('keeps the default pipeline (linkify on) within 1% of the spec', () => {
    const md = createMarkdown();
    const passed = specCases.filter((c) => normalise(md.render(c.markdown.replace(/→/g, '\t'))) === normalise(c.html.replace(/→/g, '\t'))).length;
    // Linkify turns bare URLs in a few examples into links, a deliberate GFM-style extension.
    expect(passed / specCases.length).toBeGreaterThanOrEqual(0.99);
  });
});

describe('createMarkdown extensions', () => {
  it('gives headings stable ids, keeping CJK and numbering duplicates', () => {
    const html = render('# Hello 世界\n\n## Hello 世界\n\n### API: v1.0!');
    expect(html).toContain('<h1 id="hello-世界">');
    expect(html).toContain('<h2 id="hello-世界-1">');
    expect(html).toContain('<h3 id="api-v10">');
  });

  it('keeps heading ids unique in document order when texts, suffixes and custom ids collide', () => {
    const ids = [...render('## A\n\n## A\n\n## A-1\n\n## A {#a}\n\n## `A`\n\n## B {#a-1}').matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['a', 'a-1', 'a-1-1', 'a-2', 'a-3', 'a-1-2']);
  });

  it('renders a page of 30,000 identical headings in one pass (quadratic id numbering took minutes)', () => {
    const html = createMarkdown().render(Array.from({ length: 30_000 }, (_, i) => `## Usage\n\ntext ${i}\n`).join('\n'));
    expect(html).toContain('<h2 id="usage">');
    expect(html).toContain('<h2 id="usage-29999">');
  });

  it('turns [TOC] into the placeholder the viewer fills', () => {
    expect(render('[TOC]\n\n# A')).toContain(TOC_PLACEHOLDER);
    expect(render('text [TOC] inline')).not.toContain(TOC_PLACEHOLDER);
  });

  it('renders task lists as disabled checkboxes', () => {
    const html = render('- [x] done\n- [ ] todo');
    expect(html).toMatch(/<input class="task-list-item-checkbox" checked="" disabled="" type="checkbox"> done/);
    expect(html).toMatch(/<input class="task-list-item-checkbox" disabled="" type="checkbox"> todo/);
  });

  it('renders footnotes and GFM tables', () => {
    const html = render('a[^1]\n\n[^1]: note\n\n| x | y |\n|---|--:|\n| 1 | 2 |');
    expect(html).toContain('class="footnote-ref"');
    expect(html).toContain('<li id="fn1" class="footnote-item">');
    expect(html).toContain('<th>x</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it('highlights registered languages and escapes unknown ones', () => {
    expect(render('```js\nconst a = 1;\n```')).toContain('<code class="hljs language-js"><span class="hljs-keyword">const</span>');
    expect(render('```nosuchlang\n<b>x</b>\n```')).toContain('<code class="hljs language-nosuchlang">&lt;b&gt;x&lt;/b&gt;');
    expect(render('```\nplain <i>\n```')).toContain('<pre><code>plain &lt;i&gt;');
  });

  it('leaves mermaid source escaped in a pre.mermaid', () => {
    const html = render('```mermaid\ngraph TD; A-->B; <img src=x onerror=alert(1)>\n```');
    expect(html).toContain('<pre class="mermaid">graph TD; A--&gt;B; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('wraps inline and block math with escaped TeX, ignoring prices', () => {
    const html = render('costs $5 and $10; area $x<y^2$\n\n$$\n\\frac{a}{b} < c\n$$');
    expect(html).toContain('costs $5 and $10');
    expect(html).toContain('<span class="math-inline">x&lt;y^2</span>');
    expect(html).toContain('<div class="math-block">\\frac{a}{b} &lt; c</div>');
    expect(render('$$E=mc^2$$')).toContain('<div class="math-block">E=mc^2</div>');
  });

  it('keeps inline HTML ShowDoc documents use', () => {
    const html = render('<mark>hi</mark> <span style="color:red">red</span>\n\n<details><summary>s</summary>body</details>');
    expect(html).toContain('<mark>hi</mark>');
    expect(html).toContain('<span style="color:red">red</span>');
    expect(html).toContain('<details><summary>s</summary>body</details>');
  });

  it('linkifies bare URLs', () => {
    expect(render('see https://example.com/x')).toContain('<a href="https://example.com/x">https://example.com/x</a>');
  });
});

describe('sanitising (XSS payloads)', () => {
  const payloads: [string, string][] = [
    ['script tag', '<script>alert(1)</script>'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['markdown javascript: link', '[x](javascript:alert(1))'],
    ['html javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['tab-obfuscated javascript:', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['svg with script', '<svg><script>alert(1)</script><circle r="1" onload="alert(1)"/></svg>'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['form with action', '<form action="https://evil.example"><input name="p" type="password"><button>go</button></form>'],
    ['css expression', '<p style="width:expression(alert(1))">x</p>'],
    ['escaped css javascript url', '<p style="background:url(java\\script:alert(1))">x</p>'],
    ['object', '<object data="x.swf"></object>'],
    ['mermaid injection', '```mermaid\n%%{init: {"securityLevel":"loose"}}%%\nclick A "javascript:alert(1)"\n<script>alert(1)</script>\n```'],
    ['math injection', '$<img src=x onerror=alert(1)>$'],
    ['details ontoggle', '<details open ontoggle=alert(1)>x</details>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ];

  /** Everything in the parsed output that could run script: forbidden elements, handlers, script URLs, CSS tricks. */
  function dangers(html: string): string[] {
    const doc = new JSDOM(`<body>${html}</body>`).window.document;
    const found: string[] = [];
    for (const el of doc.body.querySelectorAll('*')) {
      if (/^(script|iframe|frame|object|embed|form|button|meta|style|base|link)$/i.test(el.tagName)) found.push(el.tagName);
      for (const attr of el.attributes) {
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (attr.name.startsWith('on')) found.push(attr.name);
        if (/^(javascript|vbscript|data:text)/.test(value)) found.push(`${attr.name}=${value}`);
        if (attr.name === 'style' && /expression|script:/.test(value.replace(/\\/g, ''))) found.push('style');
      }
    }
    return found;
  }

  for (const [name, payload] of payloads) {
    it(`neutralises ${name}`, () => {
      expect(dangers(render(payload))).toEqual([]);
    });
  }

  it('the danger detector itself spots an unsanitised payload', () => {
    expect(dangers(renderMarkdownUnsafe('<img src=x onerror=alert(1)> <a href="jav&#x09;ascript:x">y</a>'))).toEqual(['onerror', 'href=javascript:x']);
  });

  it('keeps data:image sources but drops other data: URLs', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">', purify)).toContain('src="data:image/png;base64,AAAA"');
    expect(sanitizeHtml('<img src="data:text/html;base64,AAAA">', purify)).not.toContain('data:text');
  });

  it('keeps the classes and ids the pipeline makes', () => {
    const src = '# Title\n\n[TOC]\n\n- [ ] t\n\n$x$\n\n```mermaid\ngraph TD\n```';
    const html = render(src);
    expect(html).toBe(sanitizeHtml(renderMarkdownUnsafe(src), purify));
    expect(html).toContain('id="title"');
    expect(html).toContain('class="md-toc"');
    expect(html).toContain('class="math-inline"');
    expect(html).toContain('class="mermaid"');
  });

  it('adds rel=noopener to links that open a new window', () => {
    expect(render('<a href="https://x.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });
});

describe('extractHeadings', () => {
  it('lists headings in order with the ids the renderer gives', () => {
    const src = '# 安装\n\ntext\n\n## Use `docs push`\n\n## 安装';
    const headings = extractHeadings(src);
    expect(headings).toEqual([
      { level: 1, text: '安装', id: '安装' },
      { level: 2, text: 'Use docs push', id: 'use-docs-push' },
      { level: 2, text: '安装', id: '安装-1' },
    ]);
    for (const h of headings) expect(render(src)).toContain(`id="${h.id}"`);
  });

  it('ignores # lines inside code blocks', () => {
    expect(extractHeadings('```\n# not a heading\n```')).toEqual([]);
  });

  it('slugifies empty or symbol-only text to a usable id', () => {
    expect(slugify('!!!')).toBe('section');
  });
});
