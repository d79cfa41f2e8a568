import * as sdk from 'postman-collection';
import { apiDocToMarkdown, emptyApiDoc, fieldsFromJsonText, type ApiDoc, type ApiDocLang, type ApiParam } from '../core/apiDoc.ts';
import { MAX } from '../core/limits.ts';
import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { isObject } from './document.ts';
import { FormatError } from './errors.ts';
import { baseName, catalogAt, foldDeepCatalogs, uniqueKeys } from './treeTools.ts';

// CommonJS package: the named classes live on the default export at run time.
const { Item } = ((sdk as any).default ?? sdk) as typeof sdk;

/**
 * Postman collections → DocTree. v2.0 / v2.1 (`info` + `item`) are read with the official
 * `postman-collection` SDK; v1 (`id` + `requests`, `folders`, `order`) by hand from the format.
 * Folders become nested catalogs (v1 names like `Utilities / Date and Time` nest too, as ShowDoc
 * does; below the third level they fold into `C / D` catalogs), requests become API pages: headers, query, path variables, urlencoded / form-data / raw
 * bodies, descriptions and the first saved example response.
 */
export interface PostmanOptions {
  lang?: ApiDocLang;
  fileName?: string;
}

export function isPostmanV2(v: unknown): v is Record<string, any> {
  return (
    isObject(v) &&
    isObject(v.info) &&
    (typeof v.info._postman_id === 'string' || /schema\.getpostman\.com/.test(String(v.info.schema ?? ''))) &&
    Array.isArray(v.item)
  );
}

export function isPostmanV1(v: unknown): v is Record<string, any> {
  return isObject(v) && typeof v.id === 'string' && Array.isArray(v.requests);
}

export function importPostman(collection: unknown, opts: PostmanOptions = {}): DocTree {
  if (isPostmanV2(collection)) return importV2(collection, opts);
  if (isPostmanV1(collection)) return importV1(collection, opts);
  throw new FormatError('not a Postman collection (expected v2 "info" + "item", or v1 "id" + "requests")', opts.fileName ?? '');
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (isObject(v) && typeof v.content === 'string') return v.content;
  return String(v);
}

/** ShowDoc shortens request names that are URLs to their last two path segments. */
export function requestTitle(name: string, method: string, url: string): string {
  let title = name.trim() || `${method.toUpperCase()} ${url}`;
  if (/^(https?:\/\/|\{\{|\/)/.test(title)) title = title.replace(/\?.*$/, '').split('/').filter(Boolean).slice(-2).join('/') || title;
  return Array.from(title).slice(0, MAX.pageTitle).join('');
}

function row(name: unknown, value: unknown, remark: unknown, opts: { type?: string; disabled?: boolean; required?: boolean } = {}): ApiParam {
  return {
    name: String(name ?? ''),
    require: opts.required ? '1' : '0',
    type: opts.type ?? 'string',
    value: text(value),
    remark: text(remark),
    ...(opts.disabled ? { disable: '1' } : {}),
  };
}

function setRawBody(doc: ApiDoc, raw: string): void {
  doc.request.params.mode = 'json';
  doc.request.params.json = raw;
  doc.request.params.jsonDesc = fieldsFromJsonText(raw);
}

function setResponse(doc: ApiDoc, body: string): void {
  doc.response.responseExample = body;
  doc.response.responseParamsDesc = fieldsFromJsonText(body).map((r) => ({ name: r.name, type: r.type, remark: '' }));
}

function toPage(doc: ApiDoc, title: string, key: string, order: number, lang: ApiDocLang): DocPage {
  doc.info.title = title;
  return { title, content: apiDocToMarkdown(doc, lang), order, key };
}

// ---------- v2.0 / v2.1 ----------

function importV2(c: Record<string, any>, opts: PostmanOptions): DocTree {
  const lang = opts.lang ?? 'en';
  const tree: DocTree = {
    name: treeName(c.info.name, opts),
    description: text(c.info.description).slice(0, MAX.itemDescription),
    itemType: 1,
    pages: [],
    catalogs: [],
  };
  const walk = (items: unknown[], into: { pages: DocPage[]; catalogs: DocCatalog[] }, path: string[]) => {
    for (const raw of items) {
      if (!isObject(raw)) continue;
      if (Array.isArray(raw.item)) {
        const name = (String(raw.name ?? '').trim() || 'folder').slice(0, MAX.catName);
        const cat: DocCatalog = { name, pages: [], catalogs: [], order: into.catalogs.length + into.pages.length + 1 };
        into.catalogs.push(cat);
        walk(raw.item, cat, [...path, name]);
      } else if (raw.request !== undefined) {
        into.pages.push(v2Request(raw, path, into.pages.length + into.catalogs.length + 1, lang));
      }
    }
  };
  walk(c.item, tree, []);
  return uniqueKeys(foldDeepCatalogs(tree));
}

function v2Request(raw: Record<string, any>, path: string[], order: number, lang: ApiDocLang): DocPage {
  let item: sdk.Item;
  try {
    item = new Item(raw as never);
  } catch (err) {
    throw new FormatError(`cannot read the request (${(err as Error).message})`, [...path, String(raw.name ?? '')].join(' / '));
  }
  const req = item.request;
  const doc = emptyApiDoc();
  const method = String(req.method || 'GET').toLowerCase();
  const url = req.url.toString();
  doc.info = { ...doc.info, method, url, description: text((req as any).description) || text(raw.description) };
  for (const h of req.headers.all()) doc.request.headers.push(row(h.key, h.value, (h as any).description, { disabled: !!h.disabled }));
  for (const q of req.url.query.all()) doc.request.query.push(row(q.key, q.value, (q as any).description, { disabled: !!q.disabled }));
  for (const v of req.url.variables.all()) doc.request.pathVariable.push(row(v.key, v.value, (v as any).description, { required: true }));
  const body = req.body;
  if (body && !body.disabled) {
    if (body.mode === 'raw' && body.raw) setRawBody(doc, body.raw);
    else if (body.mode === 'urlencoded' && body.urlencoded) {
      doc.request.params.mode = 'urlencoded';
      for (const p of body.urlencoded.all()) doc.request.params.urlencoded.push(row(p.key, p.value, (p as any).description, { disabled: !!p.disabled }));
    } else if (body.mode === 'formdata' && body.formdata) {
      doc.request.params.mode = 'formdata';
      for (const p of body.formdata.all() as any[])
        doc.request.params.formdata.push(
          row(p.key, p.type === 'file' ? '' : p.value, p.description, { type: p.type === 'file' ? 'file' : 'string', disabled: !!p.disabled }),
        );
    } else if (body.mode === 'graphql' && (body as any).graphql) setRawBody(doc, JSON.stringify((body as any).graphql, null, 2));
  }
  const responses = item.responses.all();
  const ok = responses.find((r: sdk.Response) => r.code >= 200 && r.code < 300) ?? responses[0];
  if (ok) setResponse(doc, ok.body ?? '');
  const fail = responses.find((r: sdk.Response) => r.code >= 400);
  if (fail) doc.response.responseFailExample = fail.body ?? '';
  const title = requestTitle(String(raw.name ?? ''), method, url);
  const id = typeof raw.id === 'string' ? raw.id : typeof raw._postman_id === 'string' ? raw._postman_id : '';
  return toPage(doc, title, `postman:${id || `${method.toUpperCase()} ${[...path, title].join('/')}`}`, order, lang);
}

// ---------- v1 ----------

function importV1(c: Record<string, any>, opts: PostmanOptions): DocTree {
  const lang = opts.lang ?? 'en';
  const tree: DocTree = { name: treeName(c.name, opts), description: text(c.description).slice(0, MAX.itemDescription), itemType: 1, pages: [], catalogs: [] };
  const requests = new Map<string, Record<string, any>>();
  for (const r of c.requests) if (isObject(r) && typeof r.id === 'string') requests.set(r.id, r);
  const folders = new Map<string, Record<string, any>>();
  for (const f of Array.isArray(c.folders) ? c.folders : []) if (isObject(f) && typeof f.id === 'string') folders.set(f.id, f);
  const nested = new Set<string>([...folders.values()].flatMap((f) => (Array.isArray(f.folders_order) ? f.folders_order : [])));
  const placed = new Set<string>();

  const addRequests = (ids: unknown[], into: { pages: DocPage[] }) => {
    for (const id of ids) {
      const r = typeof id === 'string' ? requests.get(id) : undefined;
      if (!r || placed.has(r.id)) continue;
      placed.add(r.id);
      into.pages.push(v1Request(r, into.pages.length + 1, lang));
    }
  };
  const addFolder = (folder: Record<string, any>, path: string[], depth: number) => {
    if (depth > 8) return;
    // `A / B` folder names nest like ShowDoc does.
    const names = String(folder.name ?? 'folder')
      .split(' / ')
      .map((n) => n.trim().slice(0, MAX.catName))
      .filter(Boolean);
    const fullPath = [...path, ...(names.length ? names : ['folder'])];
    const cat = catalogAt(tree, fullPath);
    addRequests(Array.isArray(folder.order) ? folder.order : [], cat);
    for (const sub of Array.isArray(folder.folders_order) ? folder.folders_order : []) {
      const f = folders.get(sub);
      if (f) addFolder(f, fullPath, depth + 1);
    }
  };
  const rootFolders: string[] = Array.isArray(c.folders_order) ? c.folders_order : [...folders.keys()].filter((id) => !nested.has(id));
  for (const id of rootFolders) {
    const f = folders.get(id);
    if (f) addFolder(f, [], 0);
  }
  addRequests(Array.isArray(c.order) ? c.order : [], tree);
  // Requests listed nowhere still belong to the collection: under their folder, else the root.
  for (const r of requests.values()) {
    if (placed.has(r.id)) continue;
    const folder = typeof r.folder === 'string' ? folders.get(r.folder) : undefined;
    const path = folder
      ? String(folder.name)
          .split(' / ')
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
    addRequests([r.id], path.length ? catalogAt(tree, path) : tree);
  }
  return uniqueKeys(foldDeepCatalogs(tree));
}

function v1Headers(r: Record<string, any>): ApiParam[] {
  if (Array.isArray(r.headerData)) return r.headerData.filter(isObject).map((h) => row(h.key, h.value, h.description, { disabled: h.enabled === false }));
  return String(r.headers ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      const disabled = l.startsWith('//');
      const line = disabled ? l.slice(2) : l;
      return at < 0 ? row(line, '', '') : row(line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim(), '', { disabled });
    });
}

// A v1 request's key is its id (always a string: importV1 keeps only those), not its folder path.
function v1Request(r: Record<string, any>, order: number, lang: ApiDocLang): DocPage {
  const doc = emptyApiDoc();
  const method = String(r.method || 'GET').toLowerCase();
  const url = String(r.url ?? '');
  doc.info = { ...doc.info, method, url, description: text(r.description) };
  doc.request.headers = v1Headers(r);
  const query = Array.isArray(r.queryParams) ? r.queryParams : [];
  doc.request.query = query.filter(isObject).map((q: any) => row(q.key, q.value, q.description, { disabled: q.enabled === false }));
  if (isObject(r.pathVariables)) doc.request.pathVariable = Object.entries(r.pathVariables).map(([k, v]) => row(k, v, '', { required: true }));
  const data = Array.isArray(r.data) ? r.data.filter(isObject) : [];
  if (r.dataMode === 'raw' && r.rawModeData) setRawBody(doc, String(r.rawModeData));
  else if (r.dataMode === 'urlencoded') {
    doc.request.params.mode = 'urlencoded';
    doc.request.params.urlencoded = data.map((p: any) => row(p.key, p.value, p.description, { disabled: p.enabled === false }));
  } else if (r.dataMode === 'params') {
    doc.request.params.mode = 'formdata';
    doc.request.params.formdata = data.map((p: any) =>
      row(p.key, p.type === 'file' ? '' : p.value, p.description, { type: p.type === 'file' ? 'file' : 'string', disabled: p.enabled === false }),
    );
  }
  const responses = Array.isArray(r.responses) ? r.responses.filter(isObject) : [];
  const code = (x: any) => Number(x?.responseCode?.code ?? x?.code ?? 0);
  const ok = responses.find((x: any) => code(x) >= 200 && code(x) < 300) ?? responses[0];
  if (ok) setResponse(doc, String(ok.text ?? ''));
  const title = requestTitle(String(r.name ?? ''), method, url);
  return toPage(doc, title, `postman:${r.id}`, order, lang);
}

function treeName(name: unknown, opts: PostmanOptions): string {
  return (String(name ?? '').trim() || baseName(opts.fileName) || 'from postman').slice(0, MAX.itemName);
}
