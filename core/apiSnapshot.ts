/**
 * A normalised snapshot of an API's operations, the unit the API change history stores and
 * compares: one entry per `METHOD path`, with parameters, request body and responses whose
 * schemas have every `$ref` resolved (a cycle becomes `{ $circular: '<ref>' }`). Built from
 * OpenAPI 2.0/3.0/3.1 by importers/openapi/snapshot.ts and from Postman by importers/postman.
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
  title: string;
  version: string;
  operations: SnapshotOperation[];
}

/**
 * The identity an operation keeps across versions: the method and the path with its parameter
 * names blanked, so renaming `{id}` to `{petId}` is a change of the same operation, not a removal.
 */
export function operationKey(op: Pick<SnapshotOperation, 'method' | 'path'>): string {
  return `${op.method.toUpperCase()} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
}
