/**
 * A normalised snapshot of an API's operations, the unit the API change history stores and
 * compares: one entry per `METHOD path`, with parameters, request body and responses. From
 * format 3 on, a named schema (a `$ref`'s target) is stored once in `schemas` and used as
 * `{ $ref }`; formats 1 and 2 expanded every use (a cycle became `{ $circular: '<ref>' }`).
 * Built from OpenAPI 2.0/3.0/3.1 by importers/openapi/snapshot.ts and from Postman by importers/postman.
 */

/** A JSON Schema reduced to what the change rules read (see normaliseSchema in the snapshot builder). */
export interface SnapshotSchema {
  /** Sorted type names; empty when the schema does not say. `null` appears for nullable schemas. */
  type?: string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SnapshotSchema>;
  /** Property names that must be present, sorted. */
  required?: string[];
  items?: SnapshotSchema;
  additionalProperties?: SnapshotSchema | boolean;
  /** `oneOf`/`anyOf` alternatives (allOf is merged into the schema itself). */
  variants?: SnapshotSchema[];
  /** Bounds on accepted values (minLength, maxLength, minimum, maximum, exclusive*, minItems, maxItems, pattern). */
  constraints?: SchemaConstraints;
  description?: string;
  example?: unknown;
  /** `deprecated: true` on the schema (a property its API is phasing out). */
  deprecated?: boolean;
  /** Sent by the server only (a request never carries it) / by the client only (an answer never carries it). */
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Format 3: this schema is the snapshot's `schemas[$ref]` (nothing else is set beside it). */
  $ref?: string;
  /** Where an expansion was cut: a `$ref` met again inside itself (formats 1-2), an `allOf` of a model that extends itself. */
  $circular?: string;
}

export interface SchemaConstraints {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/** The constraint keywords a snapshot keeps, and whether a larger value accepts more (`max…`) or less (`min…`). */
export const CONSTRAINT_BOUNDS = { minLength: 'min', maxLength: 'max', minimum: 'min', maximum: 'max', minItems: 'min', maxItems: 'max' } as const;

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface SnapshotParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: SnapshotSchema;
  description?: string;
  deprecated?: boolean;
}

export interface SnapshotBody {
  required: boolean;
  /** Media type → schema, e.g. `application/json`. */
  content: Record<string, SnapshotSchema>;
  description?: string;
}

export interface SnapshotResponse {
  content: Record<string, SnapshotSchema>;
  description?: string;
}

export interface SnapshotOperation {
  /** Upper-case HTTP method. */
  method: string;
  /** The path as written in the source (`/pets/{petId}`). */
  path: string;
  operationId?: string;
  /**
   * The importer's stable key of the operation's page (`openapi:getPet`, `postman:<id>`), so a
   * change links to its page. Identity metadata only: the diff does not compare it.
   */
  pageKey?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters: SnapshotParameter[];
  requestBody?: SnapshotBody;
  /** Status code (`200`, `4XX`, `default`) → response. */
  responses: Record<string, SnapshotResponse>;
  /** Alternative security requirements, each the sorted scheme names it needs; `[]` = public. */
  security: string[][];
}

export interface ApiSnapshot {
  /** SNAPSHOT_FORMAT of the builder that made it; absent in snapshots stored before format 2 (and in the empty API). */
  format?: number;
  title: string;
  version: string;
  /** Format 3: the named schemas by `$ref`, each normalised once; `{ $ref }` anywhere in a snapshot points here. */
  schemas?: Record<string, SnapshotSchema>;
  operations: SnapshotOperation[];
}

/**
 * The shape of a snapshot: 2 added `deprecated`, `readOnly` and `writeOnly` below the operation;
 * 3 stores each named schema once (`schemas`, `{ $ref }`) instead of expanding it at every use.
 * Versions stored before carry no `format`: compared with one of those, a new snapshot is read
 * without what format 1 could not hold (`inFormatOf`), so an unchanged API stays unchanged and
 * nothing is reported as newly deprecated or read-only merely because it could not be stored before.
 * The diff reads `{ $ref }` and expanded schemas alike, so a format 2 version compares as it is.
 */
export const SNAPSHOT_FORMAT = 3;

/** `snapshot` reduced to what a snapshot of `stored`'s format holds (itself unless `stored` is of format 1). */
export function inFormatOf(stored: ApiSnapshot, snapshot: ApiSnapshot): ApiSnapshot {
  if ((stored.format ?? 1) >= 2 || (snapshot.format ?? 1) < 2) return snapshot;
  const schema = (s: SnapshotSchema): SnapshotSchema => {
    const { deprecated: _d, readOnly: _r, writeOnly: _w, ...rest } = s;
    const out: SnapshotSchema = { ...rest };
    if (rest.properties) out.properties = Object.fromEntries(Object.entries(rest.properties).map(([k, v]) => [k, schema(v)]));
    if (rest.items) out.items = schema(rest.items);
    if (typeof rest.additionalProperties === 'object') out.additionalProperties = schema(rest.additionalProperties);
    if (rest.variants) out.variants = rest.variants.map(schema);
    return out;
  };
  const content = (c: Record<string, SnapshotSchema>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, schema(v)]));
  const { format: _f, ...rest } = snapshot;
  return {
    ...rest,
    ...(snapshot.schemas ? { schemas: content(snapshot.schemas) } : {}),
    operations: snapshot.operations.map((op) => ({
      ...op,
      parameters: op.parameters.map(({ deprecated: _d, ...p }) => ({ ...p, schema: schema(p.schema) })),
      ...(op.requestBody ? { requestBody: { ...op.requestBody, content: content(op.requestBody.content) } } : {}),
      responses: Object.fromEntries(Object.entries(op.responses).map(([code, r]) => [code, { ...r, content: content(r.content) }])),
    })),
  };
}

/**
 * The identity an operation keeps across versions: the method and the path with its parameter
 * names blanked, so renaming `{id}` to `{petId}` is a change of the same operation, not a removal.
 */
export function operationKey(op: Pick<SnapshotOperation, 'method' | 'path'>): string {
  return `${op.method.toUpperCase()} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}
