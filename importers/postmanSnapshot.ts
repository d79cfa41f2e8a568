import * as sdk from 'postman-collection';
import type { ApiSnapshot, SnapshotBody, SnapshotOperation, SnapshotParameter, SnapshotResponse, SnapshotSchema } from '../core/apiSnapshot.ts';
import { operationKey, SNAPSHOT_FORMAT } from '../core/apiSnapshot.ts';
import { isObject } from './document.ts';
import { FormatError } from './errors.ts';
import { isPostmanV1, isPostmanV2, requestTitle } from './postman.ts';

const { Item } = ((sdk as any).default ?? sdk) as typeof sdk;

/**
 * A Postman collection (v2.0/2.1 through the official SDK, v1 from the format) → ApiSnapshot, so
 * pushes of a collection are versioned and compared like OpenAPI ones. A collection has no
 * schemas: the method and URL path (`:id` → `{id}`, `{{baseUrl}}` dropped) identify a request;
 * enabled query parameters, path variables and headers become parameters (path ones required);
 * a raw JSON body, urlencoded or form-data fields the request body; saved example responses the
 * responses by status code, their JSON bodies typed from the example values; the auth type in
 * force (inherited from folders and the collection, as Postman does) the security requirement.
 * Schemas are inferred from examples, so they read as types and property names only.
 */
export function snapshotPostman(collection: unknown, fileName = ''): ApiSnapshot {
  if (isPostmanV2(collection))
    return dedupe({
      format: SNAPSHOT_FORMAT,
      title: String(collection.info.name ?? ''),
      version: String(collection.info.version ?? ''),
      operations: v2Operations(collection),
    });
  if (isPostmanV1(collection))
    return dedupe({ format: SNAPSHOT_FORMAT, title: String(collection.name ?? ''), version: '', operations: v1Operations(collection) });
  throw new FormatError('not a Postman collection (expected v2 "info" + "item", or v1 "id" + "requests")', fileName);
}

/** Two requests on one method + path (examples of one call) are one operation: the first one counts. */
function dedupe(snapshot: ApiSnapshot): ApiSnapshot {
  const seen = new Set<string>();
  return { ...snapshot, operations: snapshot.operations.filter((op) => !seen.has(operationKey(op)) && !!seen.add(operationKey(op))) };
}

/** URL path segments (host already apart) → `/pets/{petId}`: `:name` and `{{name}}` segments are parameters. */
function postmanPath(segments: string[]): string {
  const parts = segments.filter((s) => s !== '').map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s.replace(/^\{\{([^}]*)\}\}$/, '{$1}')));
  return `/${parts.join('/')}`;
}

function authOf(node: Record<string, any>): string[][] | undefined {
  if (!isObject(node.auth)) return undefined;
  const type = String(node.auth.type ?? '');
  return !type || type === 'noauth' ? [] : [[type]];
}

function v2Operations(c: Record<string, any>): SnapshotOperation[] {
  const out: SnapshotOperation[] = [];
  const walk = (items: unknown[], path: string[], inherited: string[][]) => {
    for (const raw of items) {
      if (!isObject(raw)) continue;
      if (Array.isArray(raw.item)) {
        walk(raw.item, [...path, String(raw.name ?? '').trim() || 'folder'], authOf(raw) ?? inherited);
        continue;
      }
      if (raw.request === undefined) continue;
      let item: sdk.Item;
      try {
        item = new Item(raw as never);
      } catch (err) {
        throw new FormatError(`cannot read the request (${(err as Error).message})`, [...path, String(raw.name ?? '')].join(' / '));
      }
      const req = item.request;
      const method = String(req.method || 'GET').toUpperCase();
      const rawReq = isObject(raw.request) ? raw.request : {};
      const parameters: SnapshotParameter[] = [];
      const opPath = postmanPath(req.url.path ?? []);
      for (const m of opPath.matchAll(/\{([^}]*)\}/g)) parameters.push({ name: m[1]!, in: 'path', required: true, schema: {} });
      for (const q of req.url.query.all()) if (!q.disabled && q.key) parameters.push({ name: String(q.key), in: 'query', required: false, schema: {} });
      for (const h of req.headers.all())
        if (!h.disabled && h.key && h.key.toLowerCase() !== 'content-type') parameters.push({ name: String(h.key), in: 'header', required: false, schema: {} });
      let requestBody: SnapshotBody | undefined;
      const body = req.body;
      if (body && !body.disabled) {
        if (body.mode === 'raw' && body.raw) requestBody = { required: true, content: { [rawMedia(body.raw)]: schemaFromText(body.raw) } };
        else if (body.mode === 'urlencoded' && body.urlencoded)
          requestBody = formBody(
            'application/x-www-form-urlencoded',
            (body.urlencoded.all() as any[]).filter((p) => !p.disabled).map((p) => ({ key: p.key, type: 'string' })),
          );
        else if (body.mode === 'formdata' && body.formdata)
          requestBody = formBody(
            'multipart/form-data',
            (body.formdata.all() as any[]).filter((p) => !p.disabled).map((p) => ({ key: p.key, type: p.type === 'file' ? 'file' : 'string' })),
          );
        else if (body.mode === 'graphql') requestBody = { required: true, content: { 'application/graphql': {} } };
      }
      const responses: Record<string, SnapshotResponse> = {};
      for (const r of item.responses.all() as sdk.Response[]) {
        const code = String(r.code || 'default');
        if (code in responses) continue;
        const json = (r.headers.get('Content-Type') ?? '').includes('json') || looksJson(r.body ?? '');
        responses[code] = { content: r.body ? { [json ? 'application/json' : 'text/plain']: json ? schemaFromText(r.body) : {} } : {} };
      }
      const title = requestTitle(String(raw.name ?? ''), method.toLowerCase(), req.url.toString());
      const id = typeof raw.id === 'string' ? raw.id : typeof raw._postman_id === 'string' ? raw._postman_id : '';
      const description = typeof rawReq.description === 'string' ? rawReq.description : typeof raw.description === 'string' ? raw.description : '';
      out.push({
        method,
        path: opPath,
        pageKey: `postman:${id || `${method} ${[...path, title].join('/')}`}`,
        summary: String(raw.name ?? ''),
        ...(description ? { description } : {}),
        parameters,
        ...(requestBody ? { requestBody } : {}),
        responses,
        security: authOf(rawReq) ?? inherited,
      });
    }
  };
  walk(c.item, [], authOf(c) ?? []);
  return out;
}

function v1Operations(c: Record<string, any>): SnapshotOperation[] {
  const out: SnapshotOperation[] = [];
  for (const r of Array.isArray(c.requests) ? c.requests : []) {
    if (!isObject(r) || typeof r.id !== 'string') continue;
    const method = String(r.method || 'GET').toUpperCase();
    const url = String(r.url ?? '')
      .replace(/^([a-z]+:\/\/[^/]+|\{\{[^}]*\}\})/i, '')
      .replace(/[?#].*$/, '');
    const parameters: SnapshotParameter[] = [];
    const opPath = postmanPath(url.split('/'));
    for (const m of opPath.matchAll(/\{([^}]*)\}/g)) parameters.push({ name: m[1]!, in: 'path', required: true, schema: {} });
    for (const q of Array.isArray(r.queryParams) ? r.queryParams : [])
      if (isObject(q) && q.enabled !== false && q.key) parameters.push({ name: String(q.key), in: 'query', required: false, schema: {} });
    let requestBody: SnapshotBody | undefined;
    const data = Array.isArray(r.data) ? r.data.filter(isObject) : [];
    if (r.dataMode === 'raw' && r.rawModeData)
      requestBody = { required: true, content: { [rawMedia(String(r.rawModeData))]: schemaFromText(String(r.rawModeData)) } };
    else if (r.dataMode === 'urlencoded')
      requestBody = formBody(
        'application/x-www-form-urlencoded',
        data.filter((p: any) => p.enabled !== false).map((p: any) => ({ key: p.key, type: 'string' })),
      );
    else if (r.dataMode === 'params')
      requestBody = formBody(
        'multipart/form-data',
        data.filter((p: any) => p.enabled !== false).map((p: any) => ({ key: p.key, type: p.type === 'file' ? 'file' : 'string' })),
      );
    out.push({
      method,
      path: opPath,
      pageKey: `postman:${r.id}`,
      summary: String(r.name ?? ''),
      ...(typeof r.description === 'string' && r.description ? { description: r.description } : {}),
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: {},
      security: [],
    });
  }
  return out;
}

function formBody(media: string, fields: { key: string; type: string }[]): SnapshotBody {
  const properties: Record<string, SnapshotSchema> = {};
  for (const f of fields) if (f.key) properties[f.key] = { type: [f.type] };
  return { required: true, content: { [media]: { type: ['object'], properties } } };
}

function looksJson(text: string): boolean {
  const t = text.trim();
  return t.startsWith('{') || t.startsWith('[');
}

function rawMedia(text: string): string {
  return looksJson(text) ? 'application/json' : 'text/plain';
}

function schemaFromText(text: string): SnapshotSchema {
  try {
    return schemaFromValue(JSON.parse(text));
  } catch {
    return {};
  }
}

/** A schema read off an example value: types and property names, nothing required. */
function schemaFromValue(v: unknown, depth = 0): SnapshotSchema {
  if (depth > 24) return {};
  if (v === null) return { type: ['null'] };
  if (Array.isArray(v)) return { type: ['array'], ...(v.length ? { items: schemaFromValue(v[0], depth + 1) } : {}) };
  if (typeof v === 'object') {
    const properties = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, schemaFromValue(x, depth + 1)]));
    return { type: ['object'], ...(Object.keys(properties).length ? { properties } : {}) };
  }
  if (typeof v === 'number') return { type: [Number.isInteger(v) ? 'integer' : 'number'] };
  return { type: [typeof v === 'boolean' ? 'boolean' : 'string'] };
}
