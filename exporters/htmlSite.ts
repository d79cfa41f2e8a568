import JSZip from 'jszip';
import type { DOMPurify } from 'dompurify';
import { apiDocToMarkdown, parseApiDocJson, type ApiDocLang } from '../core/apiDoc.ts';
import { escapeHtml, renderMarkdown } from '../core/markdown.ts';
import { CALLOUT_CSS } from '../core/markdown/calloutStyles.ts';
import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { sortedCatalogs, sortedPages } from './select.ts';

/**
 * DocTree → an offline static site in a zip: `index.html` (the first page), `pages/page-N.html`
 * for every page, each with the navigation tree, and one stylesheet. Page HTML comes from the
 * shared pipeline and is sanitised with the injected DOMPurify; nothing is loaded from the
 * network (Mermaid and TeX stay as readable source).
 */
export interface HtmlSiteOptions {
  purify: DOMPurify;
  lang?: ApiDocLang;
  date?: Date;
}

const CSS = `body{margin:0;font:15px/1.6 system-ui,sans-serif;color:#222;display:flex;min-height:100vh}
nav{width:280px;flex:none;background:#f6f8fa;border-right:1px solid #ddd;padding:16px;overflow:auto}
nav ul{list-style:none;padding-left:14px;margin:4px 0}nav>ul{padding-left:0}nav a{color:#0366d6;text-decoration:none}
nav a.current{font-weight:bold;color:#111}nav .cat{font-weight:600;margin-top:6px}
main{flex:1;padding:24px 40px;max-width:960px;overflow:auto}
pre{background:#f5f5f5;padding:12px;overflow:auto}code{font-family:Consolas,monospace}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px}th{background:#eef3f9}
img{max-width:100%}blockquote{border-left:4px solid #ddd;margin:0;padding-left:12px;color:#555}
${CALLOUT_CSS}`;

interface Entry {
  page: DocPage;
  file: string;
}

export async function exportHtmlSite(tree: DocTree, opts: HtmlSiteOptions): Promise<Uint8Array> {
  const lang = opts.lang ?? 'en';
  const date = opts.date ?? new Date();
  const entries: Entry[] = [];
  const collect = (node: { pages: DocPage[]; catalogs: DocCatalog[] }) => {
    for (const p of sortedPages(node.pages)) entries.push({ page: p, file: `page-${entries.length + 1}.html` });
    for (const c of sortedCatalogs(node.catalogs)) collect(c);
  };
  collect(tree);
  const fileOf = new Map(entries.map((e) => [e.page, e.file]));

  const navFor = (current: DocPage | null, prefix: string): string => {
    const list = (node: { pages: DocPage[]; catalogs: DocCatalog[] }): string => {
      const items = [
        ...sortedPages(node.pages).map(
          (p) => `<li><a href="${prefix}${fileOf.get(p)}"${p === current ? ' class="current"' : ''}>${escapeHtml(p.title)}</a></li>`,
        ),
        ...sortedCatalogs(node.catalogs).map((c) => `<li><div class="cat">${escapeHtml(c.name)}</div>${list(c)}</li>`),
      ];
      return `<ul>${items.join('')}</ul>`;
    };
    return `<nav><h3>${escapeHtml(tree.name)}</h3>${list(tree)}</nav>`;
  };
  const document = (title: string, nav: string, body: string, cssHref: string) =>
    `<!doctype html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${cssHref}"></head><body>${nav}<main>${body}</main></body></html>\n`;

  const zip = new JSZip();
  zip.file('style.css', CSS, { date });
  for (const { page, file } of entries) {
    const api = parseApiDocJson(page.content);
    const html = renderMarkdown(api ? apiDocToMarkdown(api, lang) : page.content, opts.purify);
    zip.file(`pages/${file}`, document(page.title, navFor(page, ''), `<h1>${escapeHtml(page.title)}</h1>\n${html}`, '../style.css'), { date });
  }
  const first = entries[0];
  const intro = tree.description ? `<p>${escapeHtml(tree.description)}</p>` : '';
  const indexBody = first ? `${intro}<p><a href="pages/${first.file}">${escapeHtml(first.page.title)}</a></p>` : `${intro}<p>(no pages)</p>`;
  zip.file('index.html', document(tree.name, navFor(null, 'pages/'), `<h1>${escapeHtml(tree.name)}</h1>${indexBody}`, 'style.css'), { date });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
