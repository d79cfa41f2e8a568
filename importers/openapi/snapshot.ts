import { CONSTRAINT_BOUNDS, SNAPSHOT_FORMAT, type SchemaConstraints } from '../../core/apiSnapshot.ts';
import type { ApiSnapshot, ParameterLocation, SnapshotBody, SnapshotOperation, SnapshotParameter, SnapshotResponse, SnapshotSchema } from '../../core/apiSnapshot.ts';
import { isObject } from '../document.ts';
import { FormatError } from '../errors.ts';
import { checkVersion, isOpenApiDocument, mergedParameters, METHODS } from '../openapi.ts';
import { RefResolver, type Schema } from './schema.ts';

/**
 * OpenAPI 3.0/3.1 or Swagger 2.0 (parsed) → ApiSnapshot: every operation with its `$ref`s
 * resolved, so two versions of a spec can be compared operation by operation (core/apiDiff.ts).
 * Swagger 2.0 is read into the 3.x shape: `body`/`formData` parameters become the request body,
 * response `schema`s become `application/json` content (or the operation's `produces`).
 */
export function snapshotOpenApi(spec: unknown, fileName = ''): ApiSnapshot {
  if (!isOpenApiDocument(spec)) throw new FormatError('not an OpenAPI or Swagger document (no "openapi" or "swagger" key)', fileName);
  const version = checkVersion(spec);
  const refs = new RefResolver(spec);
  const info = isObject(spec.info) ? spec.info : {};
  const globalSecurity = securityOf(spec.security) ?? [];
  const operations: SnapshotOperation[] = [];
  for (const [path, rawItem] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    const pathItem = refs.resolve(rawItem);
    for (const method of METHODS) {
      if (!isObject(pathItem[method])) continue;
      const op = pathItem[method] as Schema;
      const read = version === 2 ? swaggerParts(spec, refs, pathItem, op) : openApiParts(refs, pathItem, op);
      operations.push({
        method: method.toUpperCase(),
        path,
        ...optionalText({ operationId: op.operationId, summary: op.summary, description: op.description }),
        // The key importers/openapi.ts gives the operation's page.
        pageKey: `openapi:${typeof op.operationId === 'string' && op.operationId ? op.operationId : `${method.toUpperCase()} ${path}`}`,
        ...(op.deprecated === true ? { deprecated: true } : {}),
        ...read,
        security: securityOf(op.security) ?? globalSecurity,
      });
    }
  }
  return { format: SNAPSHOT_FORMAT, title: String(info.title ?? ''), version: String(info.version ?? ''), operations };
}

type OperationParts = Pick<SnapshotOperation, 'parameters' | 'requestBody' | 'responses'>;

function openApiParts(refs: RefResolver, pathItem: Schema, op: Schema): OperationParts {
  const parameters: SnapshotParameter[] = [];
  for (const p of mergedParameters(refs, pathItem, op)) {
    if (!isLocation(p.in)) continue;
    const schema = p.schema ?? firstMediaSchema(p.content);
    parameters.push(parameter(p, normaliseSchema(schema, refs)));
  }
  let requestBody: SnapshotBody | undefined;
  if (op.requestBody !== undefined) {
    const body = refs.resolve(op.requestBody);
    requestBody = { required: body.required === true, content: contentSchemas(body.content, refs), ...optionalText({ description: body.description }) };
  }
  const responses: Record<string, SnapshotResponse> = {};
  for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const r = refs.resolve(raw);
    responses[code] = { content: contentSchemas(r.content, refs), ...optionalText({ description: r.description }) };
  }
  return { parameters, ...(requestBody ? { requestBody } : {}), responses };
}

function swaggerParts(spec: Schema, refs: RefResolver, pathItem: Schema, op: Schema): OperationParts {
  const parameters: SnapshotParameter[] = [];
  let requestBody: SnapshotBody | undefined;
  const consumes: string[] = op.consumes ?? spec.consumes ?? ['application/json'];
  const formType = consumes.find((c) => /multipart|x-www-form-urlencoded/.test(c)) ?? 'application/x-www-form-urlencoded';
  for (const p of mergedParameters(refs, pathItem, op)) {
    if (p.in === 'body') {
      const schema = normaliseSchema(p.schema, refs);
      requestBody = { required: p.required === true, content: Object.fromEntries(consumes.map((c) => [c, schema])), ...optionalText({ description: p.description }) };
    } else if (p.in === 'formData') {
      requestBody ??= { required: false, content: { [formType]: { type: ['object'], properties: {}, required: [] } } };
      const form = requestBody.content[formType] ?? (requestBody.content[formType] = { type: ['object'], properties: {}, required: [] });
      form.properties![p.name] = normaliseSchema(withoutDescription(p), refs);
      if (p.required === true) {
        form.required = [...(form.required ?? []), p.name].sort();
        requestBody.required = true;
      }
    } else if (isLocation(p.in)) {
      parameters.push(parameter(p, normaliseSchema(withoutDescription(p), refs)));
    }
  }
  const produces: string[] = op.produces ?? spec.produces ?? ['application/json'];
  const responses: Record<string, SnapshotResponse> = {};
  for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const r = refs.resolve(raw);
    const content = r.schema ? Object.fromEntries(produces.map((m) => [m, normaliseSchema(r.schema, refs)])) : {};
    responses[code] = { content, ...optionalText({ description: r.description }) };
  }
  return { parameters, ...(requestBody ? { requestBody } : {}), responses };
}

/** A Swagger 2.0 parameter is its own schema; its description belongs to the parameter only. */
function withoutDescription(p: Schema): Schema {
  const { description: _description, ...schema } = p;
  return schema;
}

function parameter(p: Schema, schema: SnapshotSchema): SnapshotParameter {
  // Path parameters are always required, whatever the document says.
  return { name: String(p.name), in: p.in, required: p.in === 'path' || p.required === true, schema, ...optionalText({ description: p.description }), ...(p.deprecated === true ? { deprecated: true } : {}) };
}

function isLocation(v: unknown): v is ParameterLocation {
  return v === 'path' || v === 'query' || v === 'header' || v === 'cookie';
}

function firstMediaSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first.schema : undefined;
}

function contentSchemas(content: unknown, refs: RefResolver): Record<string, SnapshotSchema> {
  if (!isObject(content)) return {};
  return Object.fromEntries(Object.entries(content).map(([media, m]) => [media, normaliseSchema(isObject(m) ? m.schema : undefined, refs)]));
}

/** `security` → the alternatives' scheme names; undefined when the key is absent (inherit). */
function securityOf(security: unknown): string[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  return security.filter(isObject).map((req) => Object.keys(req).sort());
}

function optionalText<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: string } {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out as { [K in keyof T]?: string };
}

const MAX_SCHEMA_DEPTH = 24;

/** What the expansion of one `$ref` met: every `$ref` inside it, how deeply refs nest in it, whether the depth cap cut it. */
interface Expansion {
  reach: Set<string>;
  nesting: number;
  depthCut: boolean;
}

interface CachedExpansion extends Expansion {
  schema: SnapshotSchema;
}

/**
 * The normalised form of each `$ref` of one document, shared by every place that uses it: a
 * snapshot of GitHub's description (1,223 operations) otherwise holds each shared component once
 * per use, which measured +48 MB resident for the snapshot alone during its import. The result of a
 * `$ref` depends on the refs already open around it only when one of them occurs inside it (it is
 * cut there as circular) or when the depth cap is reached, so an expansion is reused only where
 * neither can happen; the snapshot (and its JSON) is exactly what expanding every use gives.
 */
interface ExpansionState {
  cache: Map<string, CachedExpansion>;
  frames: Expansion[];
}

const states = new WeakMap<RefResolver, ExpansionState>();

function stateOf(refs: RefResolver): ExpansionState {
  let state = states.get(refs);
  if (!state) states.set(refs, (state = { cache: new Map(), frames: [] }));
  return state;
}

/** Folds a finished expansion of a `$ref` into the expansion that contains it. */
function absorbInto(parent: Expansion | undefined, ref: string, child: Expansion): void {
  if (!parent) return;
  parent.reach.add(ref);
  for (const r of child.reach) parent.reach.add(r);
  parent.nesting = Math.max(parent.nesting, child.nesting + 1);
  parent.depthCut ||= child.depthCut;
}

function expandRef(node: Schema, ref: string, refs: RefResolver, open: string[]): SnapshotSchema {
  const state = stateOf(refs);
  const parent = state.frames.at(-1);
  const cached = state.cache.get(ref);
  if (cached && open.length + 1 + cached.nesting < MAX_SCHEMA_DEPTH && !open.some((r) => cached.reach.has(r))) {
    absorbInto(parent, ref, cached);
    return cached.schema;
  }
  const frame: Expansion = { reach: new Set(), nesting: 0, depthCut: false };
  state.frames.push(frame);
  let schema: SnapshotSchema;
  try {
    schema = normaliseSchema(refs.resolve(node), refs, [...open, ref]);
  } finally {
    state.frames.pop();
  }
  if (!frame.depthCut && !open.some((r) => frame.reach.has(r))) state.cache.set(ref, { ...frame, schema });
  absorbInto(parent, ref, frame);
  return schema;
}

/**
 * A schema with `$ref`s resolved and `allOf` merged; a `$ref` met again inside itself becomes
 * `{ $circular: ref }` (and so does anything deeper than MAX_SCHEMA_DEPTH), which keeps recursive
 * models finite and comparable. The schema objects of a `$ref` are shared between its uses (see
 * ExpansionState): treat the result as read-only.
 */
export function normaliseSchema(node: unknown, refs: RefResolver, open: string[] = []): SnapshotSchema {
  if (!isObject(node)) return {};
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (open.includes(ref) || open.length >= MAX_SCHEMA_DEPTH) {
      const frame = stateOf(refs).frames.at(-1);
      if (frame) {
        frame.reach.add(ref);
        if (!open.includes(ref)) frame.depthCut = true;
      }
      return { $circular: ref };
    }
    return expandRef(node, ref, refs, open);
  }
  if (open.length >= MAX_SCHEMA_DEPTH) {
    const frame = stateOf(refs).frames.at(-1);
    if (frame) frame.depthCut = true;
    return { $circular: '' };
  }
  const s: Schema = node;
  const out: SnapshotSchema = {};
  const types = new Set<string>(Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : []);
  if (s.nullable === true || s['x-nullable'] === true) types.add('null');
  if (s.format !== undefined) out.format = String(s.format);
  if (Array.isArray(s.enum)) out.enum = s.enum;
  const constraints: SchemaConstraints = {};
  for (const key of Object.keys(CONSTRAINT_BOUNDS) as (keyof typeof CONSTRAINT_BOUNDS)[]) if (typeof s[key] === 'number') constraints[key] = s[key];
  // OpenAPI 3.1 writes exclusive bounds as numbers; 3.0 as flags beside minimum/maximum. Either is kept as its bound.
  if (typeof s.exclusiveMinimum === 'number' && constraints.minimum === undefined) constraints.minimum = s.exclusiveMinimum;
  if (typeof s.exclusiveMaximum === 'number' && constraints.maximum === undefined) constraints.maximum = s.exclusiveMaximum;
  if (typeof s.pattern === 'string') constraints.pattern = s.pattern;
  if (Object.keys(constraints).length) out.constraints = constraints;
  if (typeof s.description === 'string' && s.description) out.description = s.description;
  if (s.example !== undefined) out.example = s.example;
  if (s.deprecated === true) out.deprecated = true;
  if (s.readOnly === true) out.readOnly = true;
  if (s.writeOnly === true) out.writeOnly = true;
  const properties: Record<string, SnapshotSchema> = {};
  const required = new Set<string>();
  const absorb = (part: Schema) => {
    for (const [name, prop] of Object.entries(isObject(part.properties) ? part.properties : {})) properties[name] = normaliseSchema(prop, refs, open);
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(String(name));
  };
  absorb(s);
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    const merged = normaliseSchema(part, refs, open);
    for (const t of merged.type ?? []) types.add(t);
    Object.assign(properties, merged.properties ?? {});
    for (const name of merged.required ?? []) required.add(name);
    if (merged.items && !s.items) out.items = merged.items;
    if (merged.enum && !out.enum) out.enum = merged.enum;
    if (merged.$circular) out.$circular = merged.$circular;
  }
  if (types.size) out.type = [...types].sort();
  if (Object.keys(properties).length) out.properties = properties;
  if (required.size) out.required = [...required].sort();
  if (s.items !== undefined) out.items = normaliseSchema(s.items, refs, open);
  if (isObject(s.additionalProperties)) out.additionalProperties = normaliseSchema(s.additionalProperties, refs, open);
  else if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
  const variants = [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
  if (variants.length) out.variants = variants.map((v) => normaliseSchema(v, refs, open));
  return out;
}
