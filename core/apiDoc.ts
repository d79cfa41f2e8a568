/**
 * API-description pages: the JSON shape (ShowDoc's RunApi format, showdoc-server.md §8.1) and its
 * Markdown rendering (§8.2), shared by the importers (OpenAPI, Postman, code comments), the
 * server and the web, so an API page looks the same whichever way it was made.
 *
 * Exports: types `ApiDoc`, `ApiParam`, `ApiField`; `emptyApiDoc()`; `apiDocToMarkdown(doc, lang)`;
 * `parseApiDocJson(text)` (a page whose content is RunApi JSON → ApiDoc, else null);
 * `markdownTable(head, rows)` and `prettyJson(text)` helpers.
 */
export type ApiDocLang = 'en' | 'zh';

/** A request parameter row. `require` is ShowDoc's '1'/'0'. */
export interface ApiParam {
  name: string;
  require: '1' | '0';
  type: string;
  value: string;
  remark: string;
  disable?: string;
}

/** A response field row. */
export interface ApiField {
  name: string;
  type: string;
  value?: string;
  remark: string;
}

export type BodyMode = 'formdata' | 'urlencoded' | 'json';

export interface ApiDoc {
  info: { from?: string; type?: string; title: string; description: string; method: string; url: string; remark: string; apiStatus?: string };
  request: {
    params: { mode: BodyMode; json: string; jsonDesc: ApiParam[]; urlencoded: ApiParam[]; formdata: ApiParam[] };
    headers: ApiParam[];
    query: ApiParam[];
    cookies: ApiParam[];
    pathVariable: ApiParam[];
  };
  response: { responseExample: string; responseParamsDesc: ApiField[]; responseFailExample: string; responseFailParamsDesc: ApiField[] };
}

export function emptyApiDoc(): ApiDoc {
  return {
    info: { from: 'runapi', type: 'api', title: '', description: '', method: 'get', url: '', remark: '' },
    request: { params: { mode: 'json', json: '', jsonDesc: [], urlencoded: [], formdata: [] }, headers: [], query: [], cookies: [], pathVariable: [] },
    response: { responseExample: '', responseParamsDesc: [], responseFailExample: '', responseFailParamsDesc: [] },
  };
}

/** Every label in both languages side by side, `[en, zh]`: section titles, then table words. */
const LABEL_PAIRS = {
  description: ['Description', '简要描述'],
  status: ['Status', '接口状态'],
  url: ['Request URL', '请求URL'],
  method: ['Method', '请求方式'],
  path: ['Path variables', '路径变量'],
  headers: ['Headers', 'Header'],
  query: ['Query parameters', '请求Query参数'],
  body: ['Body parameters', '请求Body参数'],
  requestExample: ['Request example', '请求参数示例'],
  jsonFields: ['JSON fields', 'json字段说明'],
  response: ['Response example', '成功返回示例'],
  responseFields: ['Response fields', '成功返回示例的参数说明'],
  fail: ['Failure response example', '失败返回示例'],
  failFields: ['Failure response fields', '失败返回示例的参数说明'],
  remark: ['Remark', '备注'],
  name: ['name', '参数名'],
  required: ['required', '必选'],
  type: ['type', '类型'],
  example: ['example', '示例值'],
  remarkCol: ['remark', '说明'],
  yes: ['yes', '是'],
  no: ['no', '否'],
} as const;

/** ShowDoc's API statuses 1–5 (0 = none). */
const STATUSES = {
  en: ['', 'in development', 'testing', 'done', 'needs changes', 'deprecated'],
  zh: ['', '开发中', '测试中', '已完成', '需修改', '已废弃'],
} as const;

type Labels = { [K in keyof typeof LABEL_PAIRS]: string } & { statuses: readonly string[] };

function labelsIn(lang: ApiDocLang): Labels {
  const i = lang === 'zh' ? 1 : 0;
  return {
    ...(Object.fromEntries(Object.entries(LABEL_PAIRS).map(([key, pair]) => [key, pair[i]])) as { [K in keyof typeof LABEL_PAIRS]: string }),
    statuses: STATUSES[lang],
  };
}

const LABELS: Record<ApiDocLang, Labels> = { en: labelsIn('en'), zh: labelsIn('zh') };

/** A table cell: pipes escaped, line breaks kept as <br>. */
function cell(text: unknown): string {
  return String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>')
    .trim();
}

export function markdownTable(head: string[], rows: unknown[][]): string {
  const lines = [`|${head.join('|')}|`, `|${head.map(() => ':----').join('|')}|`];
  for (const r of rows) lines.push(`|${r.map(cell).join('|')}|`);
  return lines.join('\n');
}

/** Pretty-prints JSON text; anything else comes back unchanged. */
export function prettyJson(text: string): string {
  const t = (text ?? '').trim();
  if (!t) return '';
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return t;
  }
}

/** A fence long enough not to be closed by backticks inside the content. */
function fenced(body: string, lang: string): string {
  const longest = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${body}\n${fence}`;
}

function paramTable(rows: ApiParam[], l: Labels): string {
  const live = rows.filter((r) => r.disable !== '1' && r.name);
  const withExample = live.some((r) => r.value);
  const head = [l.name, l.required, l.type, ...(withExample ? [l.example] : []), l.remarkCol];
  return markdownTable(
    head,
    live.map((r) => [r.name, r.require === '1' ? l.yes : l.no, r.type, ...(withExample ? [r.value] : []), r.remark]),
  );
}

function fieldTable(rows: ApiField[], l: Labels): string {
  return markdownTable(
    [l.name, l.type, l.remarkCol],
    rows.filter((r) => r.name).map((r) => [r.name, r.type, r.remark]),
  );
}

/** Renders an API description as Markdown (`#####` sections, like ShowDoc's runapiToMd). */
export function apiDocToMarkdown(doc: ApiDoc, lang: ApiDocLang = 'en'): string {
  const l = LABELS[lang];
  const out: string[] = [];
  const section = (title: string, body: string) => out.push(`##### ${title}\n\n${body}`);
  const { info, request, response } = doc;

  // No description, no section: a "Description: None" line tells the reader nothing.
  if (info.description.trim()) section(l.description, `- ${info.description.trim().replace(/\r?\n/g, '\n  ')}`);
  const status = Number(info.apiStatus ?? 0);
  if (status >= 1 && status <= 5) section(l.status, `- ${l.statuses[status]}`);

  let query = request.query.filter((r) => r.disable !== '1');
  const mode = request.params.mode;
  let body = mode === 'json' ? request.params.jsonDesc : request.params[mode];
  const method = (info.method || 'get').toLowerCase();
  // ShowDoc moves body rows of a GET without query rows into the query table.
  if (method === 'get' && !query.length && mode !== 'json') {
    query = body;
    body = [];
  }
  const url = query.length ? info.url.replace(/\?.*$/, '') : info.url;
  section(l.url, `- \`${url}\``);
  section(l.method, `- ${method.toUpperCase()}`);
  if (request.pathVariable.length) section(l.path, paramTable(request.pathVariable, l));
  if (request.headers.length) section(l.headers, paramTable(request.headers, l));
  if (query.length) section(l.query, paramTable(query, l));
  if (mode !== 'json' && body.length) section(l.body, paramTable(body, l));
  if (mode === 'json' && request.params.json.trim())
    section(l.requestExample, fenced(prettyJson(request.params.json), looksJson(request.params.json) ? 'json' : ''));
  if (mode === 'json' && request.params.jsonDesc.length) section(l.jsonFields, paramTable(request.params.jsonDesc, l));
  if (response.responseExample.trim()) section(l.response, fenced(prettyJson(response.responseExample), looksJson(response.responseExample) ? 'json' : ''));
  if (response.responseParamsDesc.length) section(l.responseFields, fieldTable(response.responseParamsDesc, l));
  if (response.responseFailExample.trim())
    section(l.fail, fenced(prettyJson(response.responseFailExample), looksJson(response.responseFailExample) ? 'json' : ''));
  if (response.responseFailParamsDesc.length) section(l.failFields, fieldTable(response.responseFailParamsDesc, l));
  if (info.remark.trim()) section(l.remark, `- ${info.remark.trim().replace(/\r?\n/g, '\n  ')}`);
  return out.join('\n\n') + '\n';
}

/** True when the text parses as JSON. */
export function looksJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A page whose content is RunApi JSON (an object with `info.url`) → ApiDoc with defaults; else null. */
export function parseApiDocJson(text: string): ApiDoc | null {
  const t = (text ?? '').trim();
  if (!t.startsWith('{')) return null;
  let raw: any;
  try {
    raw = JSON.parse(t);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || !raw.info || typeof raw.info.url !== 'string') return null;
  const base = emptyApiDoc();
  const rows = (v: unknown): ApiParam[] =>
    Array.isArray(v)
      ? v.map((r: any) => ({
          name: str(r?.name),
          require: r?.require === '1' || r?.require === 1 || r?.require === true ? '1' : '0',
          type: str(r?.type),
          value: str(r?.value),
          remark: str(r?.remark),
          ...(r?.disable ? { disable: str(r.disable) } : {}),
        }))
      : [];
  const fields = (v: unknown): ApiField[] =>
    Array.isArray(v) ? v.map((r: any) => ({ name: str(r?.name), type: str(r?.type), value: str(r?.value), remark: str(r?.remark) })) : [];
  const mode = ['formdata', 'urlencoded', 'json'].includes(raw.request?.params?.mode) ? (raw.request.params.mode as BodyMode) : 'formdata';
  return {
    info: {
      ...base.info,
      title: str(raw.info.title),
      description: str(raw.info.description),
      method: str(raw.info.method) || 'get',
      url: raw.info.url,
      remark: str(raw.info.remark),
      apiStatus: str(raw.info.apiStatus),
    },
    request: {
      params: {
        mode,
        json: str(raw.request?.params?.json),
        jsonDesc: rows(raw.request?.params?.jsonDesc),
        urlencoded: rows(raw.request?.params?.urlencoded),
        formdata: rows(raw.request?.params?.formdata),
      },
      headers: rows(raw.request?.headers),
      query: rows(raw.request?.query),
      cookies: rows(raw.request?.cookies),
      pathVariable: rows(raw.request?.pathVariable),
    },
    response: {
      responseExample: str(raw.response?.responseExample),
      responseParamsDesc: fields(raw.response?.responseParamsDesc),
      responseFailExample: str(raw.response?.responseFailExample),
      responseFailParamsDesc: fields(raw.response?.responseFailParamsDesc),
    },
  };
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Field rows inferred from an example JSON value (`a`, `a.b`, `list[].c`), for sources without schemas. */
function fieldsFromJson(value: unknown, maxRows = 150): ApiParam[] {
  const rows: ApiParam[] = [];
  const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'int' : typeof v);
  const walk = (v: unknown, prefix: string, depth: number) => {
    if (depth > 6 || rows.length >= maxRows) return;
    if (Array.isArray(v)) {
      if (v.length && v[0] && typeof v[0] === 'object') walk(v[0], `${prefix}[]`, depth + 1);
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      if (rows.length >= maxRows) return;
      const name = prefix ? `${prefix}.${k}` : k;
      rows.push({ name, require: '0', type: typeOf(child), value: child !== null && typeof child === 'object' ? '' : String(child), remark: '' });
      walk(child, name, depth + 1);
    }
  };
  walk(value, '', 0);
  return rows;
}

/** `fieldsFromJson` for JSON text; [] when the text is not JSON. */
export function fieldsFromJsonText(text: string): ApiParam[] {
  try {
    return fieldsFromJson(JSON.parse(text));
  } catch {
    return [];
  }
}
