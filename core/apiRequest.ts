/**
 * Reads the request an API page describes, so the browser's HTTP test tool can prefill it:
 * method, URL, headers, query and body from the page's Markdown. It understands both shapes an
 * API page has here: the `#####` sections the importers write (apiDoc.ts, English or Chinese
 * labels) and the bold-paragraph sections of ShowDoc's API template (`**请求URL：**`).
 * The Markdown is tokenised with markdown-it (the pipeline's parser), not matched with regexes.
 *
 * Exports: type `ApiRequestDraft`; `requestFromApiMarkdown(markdown)` → draft or null (not an API page).
 */
import MarkdownIt from 'markdown-it';

export interface NameValue {
  name: string;
  value: string;
}

export interface ApiRequestDraft {
  method: string;
  url: string;
  headers: NameValue[];
  /** Form fields of a urlencoded / form-data body (JSON bodies come as `body`). */
  form: NameValue[];
  /** Raw body text (the page's JSON request example). */
  body: string;
}

type Section = 'url' | 'method' | 'headers' | 'query' | 'body' | 'example' | 'path' | 'other';

/** Section titles (lower-cased, trailing colons dropped) in both languages and both page shapes. */
const SECTION_TITLES: Record<string, Section> = {
  'request url': 'url',
  请求url: 'url',
  url: 'url',
  接口地址: 'url',
  method: 'method',
  请求方式: 'method',
  'http method': 'method',
  headers: 'headers',
  header: 'headers',
  请求头: 'headers',
  'query parameters': 'query',
  请求query参数: 'query',
  'body parameters': 'body',
  请求body参数: 'body',
  parameters: 'body',
  参数: 'body',
  请求参数: 'body',
  'request example': 'example',
  请求参数示例: 'example',
  请求示例: 'example',
  'path variables': 'path',
  路径变量: 'path',
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** Column titles holding a row's example value. */
const VALUE_COLUMNS = ['example', '示例值', 'value', '示例'];

const parser = new MarkdownIt({ html: false });
type Token = ReturnType<typeof parser.parse>[number];

function sectionOf(title: string): Section {
  const key = title
    .replace(/[：:]\s*$/, '')
    .trim()
    .toLowerCase();
  return SECTION_TITLES[key] ?? 'other';
}

/** A paragraph that is only bold text (`**请求URL：**`) titles a section in ShowDoc's template. */
function boldTitle(inline: Token): string | null {
  const kids = (inline.children ?? []).filter((k) => !(k.type === 'text' && !k.content.trim()) && k.type !== 'softbreak');
  if (kids.length !== 3 || kids[0]!.type !== 'strong_open' || kids[2]!.type !== 'strong_close' || kids[1]!.type !== 'text') return null;
  return kids[1]!.content;
}

/** The rows of the table starting at `start` (a `table_open`), each a list of cell texts. */
function readTable(tokens: Token[], start: number): { rows: string[][]; end: number } {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = start + 1;
  for (; i < tokens.length && tokens[i]!.type !== 'table_close'; i++) {
    const tok = tokens[i]!;
    if (tok.type === 'tr_open') row = [];
    else if (tok.type === 'inline') row.push(tok.content.trim());
    else if (tok.type === 'tr_close') rows.push(row);
  }
  return { rows, end: i };
}

/** name/value pairs of a parameter table: first column the name, the example column the value. */
function tableValues(rows: string[][]): NameValue[] {
  const [head, ...body] = rows;
  if (!head) return [];
  const valueAt = head.findIndex((h) => VALUE_COLUMNS.includes(h.toLowerCase()));
  return body.filter((r) => r[0]).map((r) => ({ name: r[0]!, value: valueAt >= 0 ? (r[valueAt] ?? '') : '' }));
}

function firstCode(inline: Token): string | null {
  const code = (inline.children ?? []).find((k) => k.type === 'code_inline');
  return code ? code.content.trim() : null;
}

/** The request an API page describes; null when the page has no URL and method sections. */
export function requestFromApiMarkdown(markdown: string): ApiRequestDraft | null {
  const tokens = parser.parse(markdown ?? '', {});
  let section: Section = 'other';
  let url = '';
  let method = '';
  const headers: NameValue[] = [];
  const query: NameValue[] = [];
  const form: NameValue[] = [];
  let body = '';

  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.type === 'heading_open') {
      section = sectionOf(tokens[i + 1]?.content ?? '');
      i += 2;
      continue;
    }
    if (tok.type === 'inline') {
      const title = tokens[i - 1]?.type === 'paragraph_open' ? boldTitle(tok) : null;
      if (title !== null) {
        section = sectionOf(title);
        continue;
      }
      if (section === 'url' && !url) url = firstCode(tok) ?? tok.content.trim().split(/\s+/)[0] ?? '';
      else if (section === 'method' && !method) method = METHODS.find((m) => tok.content.toUpperCase().includes(m)) ?? '';
      continue;
    }
    if (tok.type === 'table_open') {
      const { rows, end } = readTable(tokens, i);
      i = end;
      if (section === 'headers') headers.push(...tableValues(rows));
      else if (section === 'query') query.push(...tableValues(rows));
      else if (section === 'body') form.push(...tableValues(rows));
      continue;
    }
    if ((tok.type === 'fence' || tok.type === 'code_block') && section === 'example' && !body) body = tok.content.replace(/\n$/, '');
  }

  if (!url || !method) return null;
  // GET pages of ShowDoc's template list their parameters under "参数": they belong in the query.
  if (['GET', 'HEAD', 'DELETE'].includes(method) && !query.length && form.length) query.push(...form.splice(0));
  return { method, url: withQuery(url, query), headers, form: body ? [] : form, body };
}

/** Appends query rows to a URL that may hold `{{variables}}`, so no URL parser can be used on it. */
function withQuery(url: string, query: NameValue[]): string {
  if (!query.length) return url;
  const pairs = query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`.replace(/%7B%7B(\w+)%7D%7D/g, '{{$1}}'));
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}
