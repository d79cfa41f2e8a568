import { apiDocToMarkdown, emptyApiDoc, fieldsFromJsonText, prettyJson, type ApiDoc, type ApiDocLang, type ApiParam } from '../core/apiDoc.ts';
import { DEFAULT_PAGE_ORDER, MAX } from '../core/limits.ts';
import { unescapeShowDocHtml } from '../core/markdown.ts';

/**
 * ShowDoc comment blocks (the `showdoc_api.sh` / `open/fromComments` format, showdoc-server.md §6):
 * every `/** … *\/` block holding both `@title` and the word `showdoc` becomes an API page.
 * One-line tags (`@title @catalog @description @method @url @return @remark @number @json_param`)
 * take the rest of their line; `@param`, `@header`, `@return_param` are read by splitting the
 * whole block on `@` and then on whitespace, exactly like ShowDoc (so a literal `@` in prose
 * splits too). Rendered in Chinese by default, as ShowDoc's scripts expect.
 */
export interface CommentPage {
  title: string;
  /** Catalog path from `@catalog a/b/c` (empty: item root). */
  catalogPath: string[];
  order: number;
  doc: ApiDoc;
  content: string;
}

/** ShowDoc's shell scripts send `&` as `_this_and_change_`; the server also HTML-unescapes first. */
export function normaliseScriptText(text: string): string {
  return unescapeShowDocHtml(String(text ?? '')).replace(/_this_and_change_/g, '&');
}

function blockLines(block: string): string {
  return (
    block
      .split(/\r?\n/)
      // trimEnd, not .replace(/\s+$/): the regex retries from every start of a run of spaces, so a
      // line of 200,000 spaces before an `x` took 13.6 s; trimEnd is one pass.
      .map((l) => l.replace(/^\s*\*+ ?/, '').trimEnd())
      .join('\n')
  );
}

function oneLineTag(block: string, tag: string): string {
  const m = new RegExp(`@${tag}(?![\\w])[ \\t]*([^\\n]*)`).exec(block);
  return m ? m[1]!.trim() : '';
}

function multiTag(block: string, tag: string): string[][] {
  return block
    .split('@')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0] === tag)
    .map((words) => words.slice(1));
}

function paramRows(block: string, tag: 'param' | 'header'): ApiParam[] {
  return multiTag(block, tag)
    .filter((w) => w[0])
    .map(([name, required, type, ...remark]) => ({
      name: name!,
      require: required === '必选' ? '1' : '0',
      type: type ?? '',
      value: '',
      remark: remark.join(' '),
    }));
}

/**
 * The bodies of the `/** … *\/` blocks, each up to the first `*\/`. Found with indexOf rather than
 * `/\/\*\*([\s\S]*?)\*\//g`, which rescans to the end of the text from every unclosed `/**`
 * (quadratic in a text of many openers and no closer).
 */
function* commentBodies(source: string): Generator<string> {
  for (let open = source.indexOf('/**'); open >= 0;) {
    const close = source.indexOf('*/', open + 3);
    if (close < 0) return;
    yield source.slice(open + 3, close);
    open = source.indexOf('/**', close + 2);
  }
}

export function parseShowDocComments(content: string, opts: { lang?: ApiDocLang } = {}): CommentPage[] {
  const source = normaliseScriptText(content);
  const pages: CommentPage[] = [];
  for (const body of commentBodies(source)) {
    const block = blockLines(body);
    if (!block.includes('@title') || !block.includes('showdoc')) continue;
    const title = oneLineTag(block, 'title');
    if (!title) continue;
    const doc = emptyApiDoc();
    const method = (oneLineTag(block, 'method') || 'get').toLowerCase();
    doc.info = {
      ...doc.info,
      title,
      method,
      url: oneLineTag(block, 'url'),
      description: oneLineTag(block, 'description'),
      remark: oneLineTag(block, 'remark'),
    };
    const params = paramRows(block, 'param');
    const jsonParam = oneLineTag(block, 'json_param');
    doc.request.headers = paramRows(block, 'header');
    if (jsonParam) {
      doc.request.params.mode = 'json';
      doc.request.params.json = prettyJson(jsonParam);
      doc.request.params.jsonDesc = params.length ? params : fieldsFromJsonText(jsonParam);
    } else if (method === 'get') {
      doc.request.query = params;
    } else {
      doc.request.params.mode = 'formdata';
      doc.request.params.formdata = params;
    }
    doc.response.responseExample = prettyJson(oneLineTag(block, 'return'));
    doc.response.responseParamsDesc = multiTag(block, 'return_param')
      .filter((w) => w[0])
      .map(([name, type, ...remark]) => ({ name: name!, type: type ?? '', remark: remark.join(' ') }));
    const number = Number(oneLineTag(block, 'number'));
    pages.push({
      title: Array.from(title).slice(0, MAX.pageTitle).join(''),
      catalogPath: oneLineTag(block, 'catalog')
        .split('/')
        .map((s) => s.trim())
        .filter(Boolean),
      order: Number.isFinite(number) && oneLineTag(block, 'number') !== '' ? number : DEFAULT_PAGE_ORDER,
      doc,
      content: apiDocToMarkdown(doc, opts.lang ?? 'zh'),
    });
  }
  return pages;
}
