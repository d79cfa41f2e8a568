import { CONSTRAINT_BOUNDS, SNAPSHOT_FORMAT, type SchemaConstraints } from '../../core/apiSnapshot.ts';
import type {
  ApiSnapshot,
  ParameterLocation,
  SnapshotBody,
  SnapshotOperation,
  SnapshotParameter,
  SnapshotResponse,
  SnapshotSchema,
} from '../../core/apiSnapshot.ts';
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
  const table = new SchemaTable(refs);
  const info = isObject(spec.info) ? spec.info : {};
  const globalSecurity = securityOf(spec.security) ?? [];
  const operations: SnapshotOperation[] = [];
  for (const [path, rawItem] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    const pathItem = refs.resolve(rawItem);
    for (const method of METHODS) {
      if (!isObject(pathItem[method])) continue;
      const op = pathItem[method] as Schema;
      const read = version === 2 ? swaggerParts(spec, table, pathItem, op) : openApiParts(table, pathItem, op);
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
  return { format: SNAPSHOT_FORMAT, title: String(info.title ?? ''), version: String(info.version ?? ''), schemas: table.toRecord(), operations };
}

type OperationParts = Pick<SnapshotOperation, 'parameters' | 'requestBody' | 'responses'>;

function openApiParts(table: SchemaTable, pathItem: Schema, op: Schema): OperationParts {
  const refs = table.refs;
  const parameters: SnapshotParameter[] = [];
  for (const p of mergedParameters(refs, pathItem, op)) {
    if (!isLocation(p.in)) continue;
    const schema = p.schema ?? firstMediaSchema(p.content);
    parameters.push(parameter(p, normaliseSchema(schema, table)));
  }
  let requestBody: SnapshotBody | undefined;
  if (op.requestBody !== undefined) {
    const body = refs.resolve(op.requestBody);
    requestBody = { required: body.required === true, content: contentSchemas(body.content, table), ...optionalText({ description: body.description }) };
  }
  const responses: Record<string, SnapshotResponse> = {};
  for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const r = refs.resolve(raw);
    responses[code] = { content: contentSchemas(r.content, table), ...optionalText({ description: r.description }) };
  }
  return { parameters, ...(requestBody ? { requestBody } : {}), responses };
}

function swaggerParts(spec: Schema, table: SchemaTable, pathItem: Schema, op: Schema): OperationParts {
  const refs = table.refs;
  const parameters: SnapshotParameter[] = [];
  let requestBody: SnapshotBody | undefined;
  const consumes: string[] = op.consumes ?? spec.consumes ?? ['application/json'];
  const formType = consumes.find((c) => /multipart|x-www-form-urlencoded/.test(c)) ?? 'application/x-www-form-urlencoded';
  for (const p of mergedParameters(refs, pathItem, op)) {
    if (p.in === 'body') {
      const schema = normaliseSchema(p.schema, table);
      requestBody = {
        required: p.required === true,
        content: Object.fromEntries(consumes.map((c) => [c, schema])),
        ...optionalText({ description: p.description }),
      };
    } else if (p.in === 'formData') {
      requestBody ??= { required: false, content: { [formType]: { type: ['object'], properties: {}, required: [] } } };
      const form = requestBody.content[formType] ?? (requestBody.content[formType] = { type: ['object'], properties: {}, required: [] });
      form.properties![p.name] = normaliseSchema(withoutDescription(p), table);
      if (p.required === true) {
        form.required = [...(form.required ?? []), p.name].sort();
        requestBody.required = true;
      }
    } else if (isLocation(p.in)) {
      parameters.push(parameter(p, normaliseSchema(withoutDescription(p), table)));
    }
  }
  const produces: string[] = op.produces ?? spec.produces ?? ['application/json'];
  const responses: Record<string, SnapshotResponse> = {};
  for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const r = refs.resolve(raw);
    const content = r.schema ? Object.fromEntries(produces.map((m) => [m, normaliseSchema(r.schema, table)])) : {};
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
  return {
    name: String(p.name),
    in: p.in,
    required: p.in === 'path' || p.required === true,
    schema,
    ...optionalText({ description: p.description }),
    ...(p.deprecated === true ? { deprecated: true } : {}),
  };
}

function isLocation(v: unknown): v is ParameterLocation {
  return v === 'path' || v === 'query' || v === 'header' || v === 'cookie';
}

function firstMediaSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first.schema : undefined;
}

function contentSchemas(content: unknown, table: SchemaTable): Record<string, SnapshotSchema> {
  if (!isObject(content)) return {};
  return Object.fromEntries(Object.entries(content).map(([media, m]) => [media, normaliseSchema(isObject(m) ? m.schema : undefined, table)]));
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

/**
 * Inline nesting deeper than this is cut (`{ $circular: '' }`): a document's own nesting is finite,
 * the cap only keeps a pathological one from exhausting the stack.
 */
const MAX_INLINE_DEPTH = 64;

/**
 * The named schemas of one snapshot: each `$ref` is normalised once, into `schemas[ref]`, and every
 * use of it is `{ $ref: ref }`. Expanding each use instead (formats 1 and 2) made the snapshot grow
 * with the number of paths through the schema graph rather than with the document: Stripe's
 * recursive schemas (2.5 MB, 452 operations) never finished expanding within 4 GB of heap, and
 * DocuSign's (2.8 MB) gave a JSON longer than V8's longest string. Stored once, the snapshot stays
 * proportional to the document (see tests/unit/api/snapshotBounded.test.ts).
 */
class SchemaTable {
  readonly schemas = new Map<string, SnapshotSchema>();
  /** Refs whose normalisation is under way: an `allOf` that reaches one of them is cut as circular. */
  private readonly building = new Set<string>();
  readonly refs: RefResolver;
  constructor(refs: RefResolver) {
    this.refs = refs;
  }

  /** `{ $ref }` for a local ref, after normalising its target into the table the first time; `{}` for a ref that leads nowhere. */
  use(ref: string): SnapshotSchema {
    if (!ref.startsWith('#')) return {};
    if (!this.schemas.has(ref) && !this.building.has(ref)) {
      this.building.add(ref);
      try {
        this.schemas.set(ref, normaliseSchema(this.refs.target(ref), this));
      } finally {
        this.building.delete(ref);
      }
    }
    return { $ref: ref };
  }

  /** The content a `$ref` stands for (following refs to refs), or undefined while it is still being built (a cycle). */
  content(ref: string): SnapshotSchema | undefined {
    let current: SnapshotSchema | undefined = this.use(ref);
    for (let hops = 0; current?.$ref !== undefined && hops < 32; hops++) current = this.schemas.get(current.$ref);
    return current?.$ref === undefined ? current : undefined;
  }

  /** The table as the snapshot stores it: refs sorted, so equal documents give equal text. */
  toRecord(): Record<string, SnapshotSchema> {
    return Object.fromEntries([...this.schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

/**
 * A schema reduced to what the change rules read, `allOf` merged; every `$ref` becomes
 * `{ $ref }` into `table` (see SchemaTable). An `allOf` part that is a schema still being built
 * (a model that extends itself) is kept as `{ $circular: ref }`. The merged parts share objects
 * with the table: treat the result as read-only.
 */
function normaliseSchema(node: unknown, table: SchemaTable, depth = 0): SnapshotSchema {
  if (!isObject(node)) return {};
  if (typeof node.$ref === 'string') return table.use(node.$ref);
  if (depth >= MAX_INLINE_DEPTH) return { $circular: '' };
  const inner = (child: unknown) => normaliseSchema(child, table, depth + 1);
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
  for (const [name, prop] of Object.entries(isObject(s.properties) ? s.properties : {})) properties[name] = inner(prop);
  for (const name of Array.isArray(s.required) ? s.required : []) required.add(String(name));
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    const ref = isObject(part) && typeof part.$ref === 'string' ? part.$ref : undefined;
    const merged = ref === undefined ? inner(part) : table.content(ref);
    if (!merged) {
      out.$circular = ref;
      continue;
    }
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
  if (s.items !== undefined) out.items = inner(s.items);
  if (isObject(s.additionalProperties)) out.additionalProperties = inner(s.additionalProperties);
  else if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
  const variants = [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
  if (variants.length) out.variants = variants.map(inner);
  return out;
}
