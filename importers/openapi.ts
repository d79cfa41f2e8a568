import { apiDocToMarkdown, emptyApiDoc, type ApiDoc, type ApiDocLang, type ApiField, type ApiParam, type BodyMode } from '../core/apiDoc.ts';
import { MAX } from '../core/limits.ts';
import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { isObject } from './document.ts';
import { FormatError, IMPORT_LIMITS, ImportLimitError } from './errors.ts';
import { describe, exampleFromSchema, fieldsFromSchema, RefResolver, typeName, type Schema } from './openapi/schema.ts';
import { baseName, uniqueKeys } from './treeTools.ts';

/**
 * OpenAPI 3.0 / 3.1 and Swagger 2.0 (already parsed from JSON or YAML) → DocTree: one catalog
 * per tag (the first tag of an operation; untagged ones go to `default`), one API page per
 * operation with the stable key `openapi:<operationId | METHOD path>` so a re-import updates the
 * same pages. `$ref`s are resolved lazily and cycle-safe (openapi/schema.ts).
 */
export interface OpenApiOptions {
  lang?: ApiDocLang;
  fileName?: string;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const DEFAULT_TAG = 'default';

export function isOpenApiDocument(v: unknown): v is Record<string, any> {
  // The version is a string (or a number, unquoted YAML): a config file with an `openapi:` section
  // (Redocly's redocly.yaml) is not an API description.
  return isObject(v) && (isVersion(v.openapi) || isVersion(v.swagger));
}

const isVersion = (x: unknown) => typeof x === 'string' || typeof x === 'number';

/** Refuses versions this importer does not read, naming the version found. */
export function checkVersion(spec: Record<string, any>): 2 | 3 {
  if ('swagger' in spec) {
    if (String(spec.swagger) === '2.0') return 2;
    throw new FormatError(`Swagger version ${JSON.stringify(spec.swagger)} is not supported; use Swagger 2.0 or OpenAPI 3.0/3.1`, 'swagger');
  }
  const v = String(spec.openapi);
  if (/^3\.[01](\.\d+)?$/.test(v)) return 3;
  throw new FormatError(`OpenAPI version ${JSON.stringify(spec.openapi)} is not supported; use OpenAPI 3.0/3.1 or Swagger 2.0`, 'openapi');
}

/** Operations (one page each) of a document's `paths` and `webhooks`, counted without reading them. */
function countOperations(spec: Record<string, any>): number {
  const refs = new RefResolver(spec);
  let n = 0;
  for (const section of [spec.paths, spec.webhooks]) {
    if (!isObject(section)) continue;
    for (const raw of Object.values(section)) {
      const item = refs.resolve(raw);
      for (const method of METHODS) if (isObject(item[method])) n++;
    }
  }
  return n;
}

/**
 * Refuses at once a document with more operations than an import may hold pages, before its
 * pages or snapshot are built or it is validated: Microsoft Graph's description (20 MB, 11,422
 * operations) otherwise took minutes to be refused by the page count of the finished tree.
 */
export function refuseOverLimit(spec: Record<string, any>, where = ''): void {
  const count = countOperations(spec);
  if (count > IMPORT_LIMITS.maxPages) {
    throw new ImportLimitError(
      `the description has ${count.toLocaleString('en-US')} operations, one page each; an item holds at most ${IMPORT_LIMITS.maxPages.toLocaleString('en-US')} pages — split it into several descriptions`,
      where,
    );
  }
}

export function importOpenApi(spec: unknown, opts: OpenApiOptions = {}): DocTree {
  if (!isOpenApiDocument(spec)) throw new FormatError('not an OpenAPI or Swagger document (no "openapi" or "swagger" key)', opts.fileName ?? '');
  const version = checkVersion(spec);
  refuseOverLimit(spec, opts.fileName ?? '');
  if (!isObject(spec.paths) && !isObject(spec.webhooks)) throw new FormatError('the document has no "paths"', 'paths');
  const refs = new RefResolver(spec);
  const lang = opts.lang ?? 'en';
  const info = isObject(spec.info) ? spec.info : {};

  const catalogs = new Map<string, DocCatalog>();
  const catalogFor = (tag: string) => {
    let c = catalogs.get(tag);
    if (!c) catalogs.set(tag, (c = { name: tag.slice(0, MAX.catName), pages: [], catalogs: [], order: catalogs.size + 1 }));
    return c;
  };
  // Declared tags first, in their declared order (even when an operation lists them later).
  for (const t of Array.isArray(spec.tags) ? spec.tags : []) if (isObject(t) && typeof t.name === 'string' && t.name.trim()) catalogFor(t.name.trim());

  const operations = [
    ...Object.entries(isObject(spec.paths) ? spec.paths : {}).map(([path, item]) => ({ path, item, webhook: false })),
    ...Object.entries(isObject(spec.webhooks) ? spec.webhooks : {}).map(([path, item]) => ({ path, item, webhook: true })),
  ];
  for (const { path, item, webhook } of operations) {
    const pathItem = refs.resolve(item);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObject(op)) continue;
      const where = `${webhook ? 'webhooks' : 'paths'}.${path}.${method}`;
      const doc = version === 2 ? swaggerOperation(spec, refs, path, pathItem, method, op) : openApiOperation(spec, refs, path, pathItem, method, op, webhook);
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' && op.tags[0].trim() ? op.tags[0].trim() : webhook ? 'webhooks' : DEFAULT_TAG;
      const catalog = catalogFor(tag);
      const page: DocPage = {
        title: pageTitle(op, method, path),
        content: apiDocToMarkdown(doc, lang),
        order: catalog.pages.length + 1,
        key: `openapi:${typeof op.operationId === 'string' && op.operationId ? op.operationId : `${method.toUpperCase()} ${webhook ? 'webhook:' : ''}${path}`}`,
      };
      void where;
      catalog.pages.push(page);
    }
  }
  const tree: DocTree = {
    name: (String(info.title ?? '').trim() || baseName(opts.fileName) || 'from swagger').slice(0, MAX.itemName),
    description: String(info.description ?? '').slice(0, MAX.itemDescription),
    itemType: 1,
    pages: [],
    catalogs: [...catalogs.values()].filter((c) => c.pages.length),
  };
  return uniqueKeys(tree);
}

function pageTitle(op: Schema, method: string, path: string): string {
  const candidates = [op.summary, op.operationId, `${method.toUpperCase()} ${path}`];
  const title = candidates.map((c) => (typeof c === 'string' ? c.trim().split('\n')[0]!.trim() : '')).find(Boolean)!;
  return Array.from(title).slice(0, MAX.pageTitle).join('');
}

function describeOperation(op: Schema): { description: string; remark: string } {
  const description = String(op.description || op.summary || '').trim();
  const remarks: string[] = [];
  if (op.deprecated) remarks.push('Deprecated.');
  if (isObject(op.externalDocs) && op.externalDocs.url) remarks.push(`${op.externalDocs.description ?? 'See'}: ${op.externalDocs.url}`);
  return { description, remark: remarks.join('\n') };
}

/** Path-level parameters overridden by operation-level ones with the same name and location. */
export function mergedParameters(refs: RefResolver, pathItem: Schema, op: Schema): Schema[] {
  const byKey = new Map<string, Schema>();
  for (const list of [pathItem.parameters, op.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const p = refs.resolve(raw);
      if (typeof p.name === 'string') byKey.set(`${p.in}:${p.name}`, p);
    }
  }
  return [...byKey.values()];
}

function stringValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function paramRow(p: Schema, type: string, example: unknown): ApiParam {
  return { name: p.name, require: p.required ? '1' : '0', type, value: stringValue(example), remark: describe(p) };
}

function distribute(doc: ApiDoc, p: Schema, row: ApiParam): void {
  if (p.in === 'query') doc.request.query.push(row);
  else if (p.in === 'header') doc.request.headers.push(row);
  else if (p.in === 'path') doc.request.pathVariable.push(row);
  else if (p.in === 'cookie') doc.request.cookies.push(row);
}

function jsonText(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}

function responseFields(rows: ApiParam[]): ApiField[] {
  return rows.map((r) => ({ name: r.name, type: r.type, remark: r.remark }));
}

/** The success status (first 2xx, else `default`) and the first failure status with a body. */
function pickResponses(responses: Schema): { ok?: string; fail?: string } {
  const codes = Object.keys(isObject(responses) ? responses : {});
  const ok = codes.filter((c) => c.startsWith('2')).sort()[0] ?? (codes.includes('default') ? 'default' : undefined);
  const fail = codes.filter((c) => /^[45]/.test(c)).sort()[0];
  return { ok, fail };
}

// ---------- Swagger 2.0 ----------

function swaggerOperation(spec: Schema, refs: RefResolver, path: string, pathItem: Schema, method: string, op: Schema): ApiDoc {
  const doc = emptyApiDoc();
  const host = typeof spec.host === 'string' ? spec.host : '';
  const scheme = (Array.isArray(op.schemes) ? op.schemes[0] : undefined) ?? (Array.isArray(spec.schemes) ? spec.schemes[0] : undefined) ?? 'https';
  const base = host ? `${scheme}://${host}${spec.basePath ?? ''}` : String(spec.basePath ?? '');
  doc.info = { ...doc.info, title: pageTitle(op, method, path), method, url: base.replace(/\/$/, '') + path, ...describeOperation(op) };

  const consumes: string[] = op.consumes ?? spec.consumes ?? [];
  const formMode: BodyMode = consumes.some((c) => /multipart/.test(c)) ? 'formdata' : 'urlencoded';
  for (const p of mergedParameters(refs, pathItem, op)) {
    if (p.in === 'body') {
      doc.request.params.mode = 'json';
      const example = exampleFromSchema(p.schema, refs);
      doc.request.params.json = jsonText(example);
      doc.request.params.jsonDesc = fieldsFromSchema(p.schema, refs);
      continue;
    }
    const type = p.type === 'array' ? `array<${p.items?.type ?? 'string'}>` : String(p.type ?? 'string');
    const row = paramRow(p, type, p['x-example'] ?? p.default ?? (Array.isArray(p.enum) ? p.enum[0] : undefined));
    if (p.in === 'formData') {
      doc.request.params.mode = formMode;
      doc.request.params[formMode].push(row);
    } else distribute(doc, p, row);
  }

  const { ok, fail } = pickResponses(op.responses);
  const fill = (code: string | undefined, set: (example: string, fields: ApiField[]) => void) => {
    if (!code) return;
    const r = refs.resolve(op.responses[code]);
    const examples = isObject(r.examples) ? r.examples : {};
    const jsonKey = Object.keys(examples).find((k) => /json/.test(k)) ?? Object.keys(examples)[0];
    const example = jsonKey ? examples[jsonKey] : r.schema ? exampleFromSchema(r.schema, refs) : undefined;
    set(jsonText(example), r.schema ? responseFields(fieldsFromSchema(r.schema, refs)) : []);
  };
  fill(ok, (e, f) => ((doc.response.responseExample = e), (doc.response.responseParamsDesc = f)));
  fill(fail, (e, f) => ((doc.response.responseFailExample = e), (doc.response.responseFailParamsDesc = f)));
  return doc;
}

// ---------- OpenAPI 3.x ----------

function serverUrl(server: unknown): string {
  if (!isObject(server) || typeof server.url !== 'string') return '';
  const vars = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => (isObject(vars[name]) && vars[name].default !== undefined ? String(vars[name].default) : m));
}

/** The media type to document: JSON first, then forms, then whatever comes first. */
function pickMedia(content: unknown): { type: string; media: Schema } | null {
  if (!isObject(content)) return null;
  const types = Object.keys(content);
  const type =
    types.find((t) => t.startsWith('application/json')) ??
    types.find((t) => /json/.test(t)) ??
    types.find((t) => /x-www-form-urlencoded/.test(t)) ??
    types.find((t) => /multipart\/form-data/.test(t)) ??
    types[0];
  return type ? { type, media: isObject(content[type]) ? content[type] : {} } : null;
}

function mediaExample(media: Schema, refs: RefResolver): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    if (first !== undefined) {
      const ex = refs.resolve(first);
      if (ex.value !== undefined) return ex.value;
    }
  }
  return media.schema ? exampleFromSchema(media.schema, refs) : undefined;
}

function openApiOperation(spec: Schema, refs: RefResolver, path: string, pathItem: Schema, method: string, op: Schema, webhook: boolean): ApiDoc {
  const doc = emptyApiDoc();
  const server =
    (Array.isArray(op.servers) && op.servers[0]) ||
    (Array.isArray(pathItem.servers) && pathItem.servers[0]) ||
    (Array.isArray(spec.servers) && spec.servers[0]);
  const url = webhook ? path : serverUrl(server).replace(/\/$/, '') + path;
  doc.info = { ...doc.info, title: pageTitle(op, method, path), method, url, ...describeOperation(op) };

  for (const p of mergedParameters(refs, pathItem, op)) {
    const media = p.schema ? null : pickMedia(p.content);
    const schema = p.schema ?? media?.media.schema ?? {};
    const exampleObj = isObject(p.examples) ? refs.resolve(Object.values(p.examples)[0]) : {};
    const example = p.example ?? exampleObj.value ?? refs.resolve(schema).example ?? refs.resolve(schema).default;
    distribute(doc, p, paramRow(p, typeName(schema, refs), example));
  }

  const body = op.requestBody ? refs.resolve(op.requestBody) : null;
  const picked = body ? pickMedia(body.content) : null;
  if (picked) {
    const schema = picked.media.schema ?? {};
    if (/x-www-form-urlencoded|multipart\/form-data/.test(picked.type)) {
      const mode: BodyMode = /multipart/.test(picked.type) ? 'formdata' : 'urlencoded';
      doc.request.params.mode = mode;
      doc.request.params[mode] = fieldsFromSchema(schema, refs).filter((r) => !r.name.includes('.') && !r.name.includes('[]'));
    } else {
      doc.request.params.mode = 'json';
      doc.request.params.json = jsonText(mediaExample(picked.media, refs));
      doc.request.params.jsonDesc = fieldsFromSchema(schema, refs);
    }
  }

  const { ok, fail } = pickResponses(op.responses);
  const fill = (code: string | undefined, set: (example: string, fields: ApiField[]) => void) => {
    if (!code) return;
    const r = refs.resolve(op.responses[code]);
    const m = pickMedia(r.content);
    if (!m) return set('', []);
    set(jsonText(mediaExample(m.media, refs)), m.media.schema ? responseFields(fieldsFromSchema(m.media.schema, refs)) : []);
  };
  fill(ok, (e, f) => ((doc.response.responseExample = e), (doc.response.responseParamsDesc = f)));
  fill(fail, (e, f) => ((doc.response.responseFailExample = e), (doc.response.responseFailParamsDesc = f)));
  return doc;
}
