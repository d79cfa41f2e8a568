import { SchemaSides } from './apiSchemaIdentity.ts';
import {
  CONSTRAINT_BOUNDS,
  inFormatOf,
  operationKey,
  type ApiSnapshot,
  type SchemaConstraints,
  type SnapshotOperation,
  type SnapshotParameter,
  type SnapshotSchema,
} from './apiSnapshot.ts';

/**
 * Semantic diff of two API snapshots, operation by operation, with breaking-change rules of the
 * kind oasdiff applies. A change is breaking when a client written against the old version can
 * fail against the new one: an operation or a success status removed, a new required input, an
 * input type narrowed or changed, an accepted enum value removed, a response property removed or
 * retyped, a security requirement added. Additions, descriptions, examples and deprecations are not breaking.
 * Every reason names the JSON path of what changed (`paths./pets.get.parameters.query.limit`).
 */

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface ChangeReason {
  /** A stable rule name, e.g. `request-parameter-became-required`. */
  rule: string;
  breaking: boolean;
  /** Where, as a dotted JSON path from the document root. */
  path: string;
  message: string;
}

export interface OperationChange {
  method: string;
  path: string;
  change: ChangeKind;
  breaking: boolean;
  /** Breaking ones first. */
  reasons: ChangeReason[];
}

export interface ApiDiffSummary {
  added: number;
  removed: number;
  changed: number;
  breaking: number;
}

export interface ApiDiff {
  summary: ApiDiffSummary;
  /** Breaking operations first, then by path and method. */
  operations: OperationChange[];
}

export function diffApiSnapshots(before: ApiSnapshot, after: ApiSnapshot): ApiDiff {
  const old = new Map(before.operations.map((op) => [operationKey(op), op]));
  // Against a version stored in an older snapshot format, only what that format holds is compared.
  const inItsFormat = inFormatOf(before, after);
  const now = new Map(inItsFormat.operations.map((op) => [operationKey(op), op]));
  const sides = new SchemaSides(before.schemas, inItsFormat.schemas);
  const probes = new Map<Direction, SchemaCompare>();
  const operations: OperationChange[] = [];
  for (const [key, op] of old) {
    if (now.has(key)) continue;
    const where = opPath(op);
    operations.push(change(op, 'removed', [{ rule: 'operation-removed', breaking: true, path: where, message: `${op.method} ${op.path} was removed` }]));
  }
  for (const [key, op] of now) {
    const previous = old.get(key);
    if (!previous) {
      operations.push(change(op, 'added', [{ rule: 'operation-added', breaking: false, path: opPath(op), message: `${op.method} ${op.path} was added` }]));
      continue;
    }
    const reasons = diffOperation(previous, op, sides, probes);
    if (reasons.length) operations.push(change(op, 'changed', reasons));
  }
  operations.sort((a, b) => Number(b.breaking) - Number(a.breaking) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const count = (kind: ChangeKind) => operations.filter((o) => o.change === kind).length;
  return {
    summary: { added: count('added'), removed: count('removed'), changed: count('changed'), breaking: operations.filter((o) => o.breaking).length },
    operations,
  };
}

/**
 * Whether `after` is still the API of `before` when the two are of different snapshot formats,
 * so their stored texts cannot be equal: same title and version, and the diff finds nothing.
 * (A version stored by an older server is not expanded into today's format to compare texts:
 * for recursive descriptions that expansion is what could not be built.)
 */
export function unchangedAcrossFormats(before: ApiSnapshot, after: ApiSnapshot, diff: ApiDiff): boolean {
  return before.title === after.title && before.version === after.version && diff.operations.length === 0;
}

/** True when the two snapshots were made by builders of different formats. */
export function formatsDiffer(before: ApiSnapshot, after: ApiSnapshot): boolean {
  return (before.format ?? 1) !== (after.format ?? 1);
}

function change(op: SnapshotOperation, kind: ChangeKind, reasons: ChangeReason[]): OperationChange {
  // Breaking reasons first (stable: the rest keep the order the document has them in).
  const ordered = [...reasons].sort((a, b) => Number(b.breaking) - Number(a.breaking));
  return { method: op.method, path: op.path, change: kind, breaking: reasons.some((r) => r.breaking), reasons: ordered };
}

function opPath(op: SnapshotOperation): string {
  return `paths.${op.path}.${op.method.toLowerCase()}`;
}

/** Collects reasons; `breaking` is decided by the rule that reports. */
class Reasons {
  readonly list: ChangeReason[] = [];
  add(rule: string, breaking: boolean, path: string, message: string): void {
    this.list.push({ rule, breaking, path, message });
  }
}

/**
 * One operation's schema comparisons: a pair of schemas (named or inline) is compared once per
 * operation, where first met. A changed named schema used from many places — or through a cycle —
 * is reported at its first path, not once per path (with Stripe's descriptions the paths are
 * exponentially many); unchanged named schemas are skipped at once (SchemaSides.unchanged).
 *
 * oneOf/anyOf lists are compared for equality by probes: one probe comparison per direction for
 * the whole diff (`probes`), remembering each named pair it compared and whether it differed, so
 * Stripe's `anyOf: [id, $ref]` at every expandable field costs one walk, not one per use.
 */
class SchemaCompare {
  readonly sides: SchemaSides;
  private readonly probes: Map<Direction, SchemaCompare>;
  private readonly isProbe: boolean;
  get probing(): boolean {
    return this.isProbe;
  }
  private readonly seen = new Map<unknown, Set<unknown>>();
  private readonly differing = new Map<unknown, Set<unknown>>();
  private readonly sameMemo = new Map<SnapshotSchema, Map<SnapshotSchema, boolean>>();
  private readonly scopes = new Map<string, SchemaCompare>();
  constructor(sides: SchemaSides, probes: Map<Direction, SchemaCompare>, isProbe = false) {
    this.sides = sides;
    this.probes = probes;
    this.isProbe = isProbe;
  }

  /**
   * The comparisons of one kind of place in the operation — requests, success answers, error
   * answers — each with its own memory: one schema reads differently as a request and as an
   * answer, and a change met first in an error answer (never breaking) must still break a success answer.
   */
  scope(name: 'request' | 'response' | 'error-response'): SchemaCompare {
    let scope = this.scopes.get(name);
    if (!scope) this.scopes.set(name, (scope = new SchemaCompare(this.sides, this.probes)));
    return scope;
  }

  /**
   * Whether to compare this pair: 'compare' the first time; afterwards 'skip' (reported where
   * first met, or — for a probe — still being compared up the stack, taken as equal), or, for a
   * probe, 'differs' when it was found to. Only pairs with a named side are remembered (by ref
   * name, or the expanded schema object of an older version): inline pairs are tree-shaped and
   * repeat nothing, and equal inline objects at two places (a stored snapshot read back shares
   * them) must still be compared at each.
   */
  enter(refA: SnapshotSchema, a: SnapshotSchema, refB: SnapshotSchema, b: SnapshotSchema): 'compare' | 'skip' | 'differs' {
    if (refA.$ref === undefined && refB.$ref === undefined) return 'compare';
    const ka = refA.$ref ?? a;
    const kb = refB.$ref ?? b;
    let met = this.seen.get(ka);
    if (!met) this.seen.set(ka, (met = new Set()));
    if (!met.has(kb)) {
      met.add(kb);
      return 'compare';
    }
    return this.isProbe && this.differing.get(ka)?.has(kb) ? 'differs' : 'skip';
  }

  /** A probe remembers the named pairs it found different. */
  leave(refA: SnapshotSchema, a: SnapshotSchema, refB: SnapshotSchema, b: SnapshotSchema, differed: boolean): void {
    if (!this.isProbe || !differed || (refA.$ref === undefined && refB.$ref === undefined)) return;
    const ka = refA.$ref ?? a;
    let set = this.differing.get(ka);
    if (!set) this.differing.set(ka, (set = new Set()));
    set.add(refB.$ref ?? b);
  }

  /** Whether two schemas read the same (no reason at all between them), for comparing oneOf/anyOf lists. */
  same(a: SnapshotSchema, b: SnapshotSchema, dir: Direction, depth: number): boolean {
    let probe = this.probes.get(dir);
    if (!probe) this.probes.set(dir, (probe = new SchemaCompare(this.sides, this.probes, true)));
    let byB = probe.sameMemo.get(a);
    if (!byB) probe.sameMemo.set(a, (byB = new Map()));
    let answer = byB.get(b);
    if (answer === undefined) {
      const found = new Reasons();
      diffSchema(found, '', a, b, dir, probe, depth);
      byB.set(b, (answer = found.list.length === 0));
    }
    return answer;
  }
}

function diffOperation(a: SnapshotOperation, b: SnapshotOperation, sides: SchemaSides, probes: Map<Direction, SchemaCompare>): ChangeReason[] {
  const r = new Reasons();
  const schemas = new SchemaCompare(sides, probes);
  const base = opPath(b);
  if (a.path !== b.path) r.add('path-parameter-renamed', false, base, `path written ${a.path} is now ${b.path}`);
  for (const field of ['summary', 'description'] as const) {
    if ((a[field] ?? '') !== (b[field] ?? '')) r.add(`${field}-changed`, false, `${base}.${field}`, `${field} changed`);
  }
  if (!a.deprecated && b.deprecated) r.add('operation-deprecated', false, `${base}.deprecated`, 'the operation is now deprecated');
  diffParameters(r, base, a.parameters, b.parameters, schemas);
  diffRequestBody(r, base, a, b, schemas);
  diffResponses(r, base, a, b, schemas);
  diffSecurity(r, base, a.security, b.security);
  return r.list;
}

// ---------- parameters ----------

function paramKey(p: SnapshotParameter): string {
  // Path parameters are matched by position-free location only: a renamed `{id}` is the same one.
  return p.in === 'path' ? `path:${p.name}` : `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function diffParameters(r: Reasons, base: string, before: SnapshotParameter[], after: SnapshotParameter[], schemas: SchemaCompare): void {
  const old = new Map(before.map((p) => [paramKey(p), p]));
  const now = new Map(after.map((p) => [paramKey(p), p]));
  const oldPath = before.filter((p) => p.in === 'path');
  const newPath = after.filter((p) => p.in === 'path');
  for (const [key, p] of now) {
    const where = `${base}.parameters.${p.in}.${p.name}`;
    let previous = old.get(key);
    // A renamed path parameter: same position among the path parameters.
    if (!previous && p.in === 'path') previous = oldPath[newPath.indexOf(p)];
    if (!previous) {
      if (p.required) r.add('request-parameter-required-added', true, where, `required ${p.in} parameter ${p.name} was added`);
      else r.add('request-parameter-added', false, where, `optional ${p.in} parameter ${p.name} was added`);
      continue;
    }
    if (!previous.required && p.required) r.add('request-parameter-became-required', true, where, `${p.in} parameter ${p.name} is now required`);
    if (previous.required && !p.required) r.add('request-parameter-became-optional', false, where, `${p.in} parameter ${p.name} is now optional`);
    if ((previous.description ?? '') !== (p.description ?? ''))
      r.add('request-parameter-description-changed', false, where, `description of ${p.name} changed`);
    if (!previous.deprecated && p.deprecated)
      r.add('request-parameter-deprecated', false, `${where}.deprecated`, `${p.in} parameter ${p.name} is now deprecated`);
    diffSchema(r, where, previous.schema, p.schema, 'request', schemas.scope('request'));
  }
  for (const [key, p] of old) {
    if (now.has(key)) continue;
    if (p.in === 'path' && newPath.length > oldPath.indexOf(p)) continue; // renamed, handled above
    r.add('request-parameter-removed', false, `${base}.parameters.${p.in}.${p.name}`, `${p.in} parameter ${p.name} was removed`);
  }
}

// ---------- request body ----------

function diffRequestBody(r: Reasons, base: string, a: SnapshotOperation, b: SnapshotOperation, schemas: SchemaCompare): void {
  const where = `${base}.requestBody`;
  const before = a.requestBody;
  const after = b.requestBody;
  if (!before && !after) return;
  if (!before && after) {
    r.add(
      after.required ? 'request-body-required-added' : 'request-body-added',
      after.required,
      where,
      after.required ? 'a required request body was added' : 'an optional request body was added',
    );
    return;
  }
  if (before && !after) {
    r.add('request-body-removed', false, where, 'the request body was removed');
    return;
  }
  if (!before || !after) return;
  if (!before.required && after.required) r.add('request-body-became-required', true, where, 'the request body is now required');
  for (const [media, schema] of Object.entries(after.content)) {
    const old = before.content[media];
    const at = `${where}.content.${media}.schema`;
    if (!old) r.add('request-media-type-added', false, `${where}.content.${media}`, `request media type ${media} was added`);
    else diffSchema(r, at, old, schema, 'request', schemas.scope('request'));
  }
  for (const media of Object.keys(before.content)) {
    if (!(media in after.content)) r.add('request-media-type-removed', true, `${where}.content.${media}`, `request media type ${media} is no longer accepted`);
  }
}

// ---------- responses ----------

const isSuccess = (code: string) => code.startsWith('2');

function diffResponses(r: Reasons, base: string, a: SnapshotOperation, b: SnapshotOperation, schemas: SchemaCompare): void {
  for (const [code, response] of Object.entries(a.responses)) {
    const where = `${base}.responses.${code}`;
    const after = b.responses[code];
    if (!after) {
      r.add(isSuccess(code) ? 'response-success-status-removed' : 'response-status-removed', isSuccess(code), where, `response ${code} was removed`);
      continue;
    }
    if ((response.description ?? '') !== (after.description ?? ''))
      r.add('response-description-changed', false, where, `description of response ${code} changed`);
    for (const [media, schema] of Object.entries(response.content)) {
      const now = after.content[media];
      if (!now) {
        r.add('response-media-type-removed', isSuccess(code), `${where}.content.${media}`, `response ${code} no longer returns ${media}`);
        continue;
      }
      // Only what a success answer carries is a contract; error bodies may evolve freely.
      const target = isSuccess(code) ? r : new Reasons();
      diffSchema(target, `${where}.content.${media}.schema`, schema, now, 'response', schemas.scope(isSuccess(code) ? 'response' : 'error-response'));
      if (target !== r) for (const reason of target.list) r.list.push({ ...reason, breaking: false });
    }
    for (const media of Object.keys(after.content)) {
      if (!(media in response.content)) r.add('response-media-type-added', false, `${where}.content.${media}`, `response ${code} may now return ${media}`);
    }
  }
  for (const code of Object.keys(b.responses)) {
    if (!(code in a.responses)) r.add('response-status-added', false, `${base}.responses.${code}`, `response ${code} was added`);
  }
}

// ---------- security ----------

function diffSecurity(r: Reasons, base: string, before: string[][], after: string[][]): void {
  const asKeys = (reqs: string[][]) => new Set(reqs.map((names) => names.join('+')));
  const old = asKeys(before);
  const now = asKeys(after);
  const wasPublic = before.length === 0 || old.has('');
  // A client that met one of the old alternatives must still meet one of the new ones.
  if (!(after.length === 0 || now.has(''))) {
    const stillSatisfied = wasPublic ? false : [...old].every((alt) => now.has(alt));
    if (!stillSatisfied) {
      const added = [...now].filter((alt) => !old.has(alt));
      r.add(
        'security-requirement-added',
        true,
        `${base}.security`,
        added.length ? `security now requires ${added.join(' or ')}` : 'an accepted security requirement was removed',
      );
      return;
    }
  }
  if ([...now].some((alt) => !old.has(alt)) || [...old].some((alt) => !now.has(alt)))
    r.add('security-changed', false, `${base}.security`, 'security alternatives changed');
}

// ---------- schemas ----------

type Direction = 'request' | 'response';

/** Integer values are numbers, so widening integer → number is safe for what a client sends. */
function typeWidened(before: string[], after: string[]): boolean {
  return before.every((t) => after.includes(t) || (t === 'integer' && after.includes('number')));
}

/**
 * `a` (before) and `b` (after) may each be inline, a format 3 `{ $ref }` into its snapshot's
 * `schemas`, or a format 1-2 expansion cut with `{ $circular: ref }`: a stored version of any
 * format compares with a new snapshot. A cut and a `$ref` to the same schema are the same schema.
 */
function diffSchema(r: Reasons, where: string, refA: SnapshotSchema, refB: SnapshotSchema, dir: Direction, schemas: SchemaCompare, depth = 0): void {
  if (depth > 16) return;
  if (refA.$ref !== undefined && refA.$ref === refB.$ref) {
    if (schemas.sides.unchanged(refA.$ref)) return;
    // A probe asks only whether the two differ: the same schema with a changed closure does.
    // (Walking it instead would take a cycle still being compared as equal.)
    if (schemas.probing) {
      r.add(`${dir}-schema-changed`, false, where, 'the schema changed');
      return;
    }
  }
  const a = schemas.sides.readBefore(refA);
  const b = schemas.sides.readAfter(refB);
  if (a.$circular || b.$circular) {
    if ((a.$circular || refA.$ref) !== (b.$circular || refB.$ref)) r.add(`${dir}-schema-changed`, false, where, 'a recursive schema changed');
    return;
  }
  const entry = schemas.enter(refA, a, refB, b);
  if (entry === 'skip') return;
  if (entry === 'differs') {
    r.add(`${dir}-schema-changed`, false, where, 'the schema changed');
    return;
  }
  const count = r.list.length;
  diffSchemaParts(r, where, a, b, dir, schemas, depth);
  schemas.leave(refA, a, refB, b, r.list.length > count);
}

/** The comparison of two schemas read through their `$ref`s (see diffSchema). */
function diffSchemaParts(r: Reasons, where: string, a: SnapshotSchema, b: SnapshotSchema, dir: Direction, schemas: SchemaCompare, depth: number): void {
  const ta = a.type ?? [];
  const tb = b.type ?? [];
  if (ta.length && tb.length && ta.join('|') !== tb.join('|')) {
    // Requests: the server must still accept every old value. Responses: the client must still
    // understand every new value, so any difference but dropping `null` breaks it.
    const breaking = dir === 'request' ? !typeWidened(ta, tb) : !typeWidened(tb, ta);
    r.add(`${dir}-type-changed`, breaking, `${where}.type`, `type ${ta.join('|')} became ${tb.join('|')}`);
  } else if (!ta.length && tb.length && dir === 'request') {
    r.add('request-type-narrowed', true, `${where}.type`, `type is now restricted to ${tb.join('|')}`);
  }
  if ((a.format ?? '') !== (b.format ?? '')) {
    r.add(
      `${dir}-format-changed`,
      dir === 'request' ? b.format !== undefined : a.format !== undefined,
      `${where}.format`,
      `format ${a.format ?? 'none'} became ${b.format ?? 'none'}`,
    );
  }
  diffEnum(r, where, a.enum, b.enum, dir);
  diffConstraints(r, where, a.constraints ?? {}, b.constraints ?? {}, dir);
  if ((a.description ?? '') !== (b.description ?? '')) r.add(`${dir}-description-changed`, false, `${where}.description`, 'description changed');
  if (JSON.stringify(a.example) !== JSON.stringify(b.example)) r.add(`${dir}-example-changed`, false, `${where}.example`, 'example changed');
  // Deprecation announces a removal to come; it breaks nothing yet.
  if (!a.deprecated && b.deprecated) r.add(`${dir}-property-deprecated`, false, `${where}.deprecated`, `${where.split('.').pop()} is now deprecated`);
  for (const access of ['readOnly', 'writeOnly'] as const) {
    if (!!a[access] !== !!b[access])
      r.add(
        `${dir}-property-access-changed`,
        false,
        `${where}.${access}`,
        `${where.split('.').pop()} is ${b[access] ? 'now' : 'no longer'} ${access === 'readOnly' ? 'read-only' : 'write-only'}`,
      );
  }

  const pa = a.properties ?? {};
  const pb = b.properties ?? {};
  const ra = new Set(a.required ?? []);
  const rb = new Set(b.required ?? []);
  for (const [name, prop] of Object.entries(pb)) {
    const at = `${where}.properties.${name}`;
    const old = pa[name];
    // A read-only property is never sent by a client, a write-only one never returned by a server
    // (oasdiff skips them alike): one schema serves requests and answers.
    if (!old) {
      if (dir === 'request' && rb.has(name) && !prop.readOnly) r.add('request-property-required-added', true, at, `required property ${name} was added`);
      else r.add(`${dir}-property-added`, false, at, `property ${name} was added`);
      continue;
    }
    if (dir === 'request' && !ra.has(name) && rb.has(name) && !prop.readOnly)
      r.add('request-property-became-required', true, at, `property ${name} is now required`);
    if (dir === 'response' && ra.has(name) && !rb.has(name) && !old.writeOnly)
      r.add('response-property-became-optional', true, at, `property ${name} may now be missing`);
    diffSchema(r, at, old, prop, dir, schemas, depth + 1);
  }
  for (const name of Object.keys(pa)) {
    if (name in pb) continue;
    const at = `${where}.properties.${name}`;
    if (dir === 'response') r.add('response-property-removed', !pa[name]!.writeOnly, at, `property ${name} was removed`);
    else r.add('request-property-removed', false, at, `property ${name} is no longer read`);
  }
  if (a.items && b.items) diffSchema(r, `${where}.items`, a.items, b.items, dir, schemas, depth + 1);
  if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object') {
    diffSchema(r, `${where}.additionalProperties`, a.additionalProperties, b.additionalProperties, dir, schemas, depth + 1);
  }
  const va = a.variants ?? [];
  const vb = b.variants ?? [];
  if (va.length !== vb.length || va.some((v, i) => !schemas.same(v, vb[i]!, dir, depth + 1))) {
    r.add(
      `${dir}-variants-changed`,
      (a.variants?.length ?? 0) > (b.variants?.length ?? 0) && dir === 'request',
      `${where}.oneOf`,
      'oneOf/anyOf alternatives changed',
    );
  }
}

function diffEnum(r: Reasons, where: string, before: unknown[] | undefined, after: unknown[] | undefined, dir: Direction): void {
  if (!before && !after) return;
  const key = (v: unknown) => JSON.stringify(v);
  const old = new Set((before ?? []).map(key));
  const now = new Set((after ?? []).map(key));
  if (!before && after) {
    r.add(`${dir}-enum-added`, dir === 'request', `${where}.enum`, `values are now restricted to ${[...now].join(', ')}`);
    return;
  }
  const removed = [...old].filter((v) => after && !now.has(v));
  const added = after ? [...now].filter((v) => !old.has(v)) : [];
  if (removed.length)
    r.add(`${dir}-enum-value-removed`, dir === 'request', `${where}.enum`, `value${removed.length > 1 ? 's' : ''} ${removed.join(', ')} removed`);
  if (added.length) r.add(`${dir}-enum-value-added`, false, `${where}.enum`, `value${added.length > 1 ? 's' : ''} ${added.join(', ')} added`);
  if (before && !after) r.add(`${dir}-enum-removed`, false, `${where}.enum`, 'values are no longer restricted');
}

/**
 * Bounds: for a request, a tighter bound (a smaller maximum, a larger minimum, a new bound, a
 * changed pattern) refuses values the server took before — breaking; a looser one is not. For a
 * response the reverse: a looser bound may hand a client values it did not expect.
 */
function diffConstraints(r: Reasons, where: string, before: SchemaConstraints, after: SchemaConstraints, dir: Direction): void {
  for (const key of Object.keys(CONSTRAINT_BOUNDS) as (keyof typeof CONSTRAINT_BOUNDS)[]) {
    const a = before[key];
    const b = after[key];
    if (a === b) continue;
    const bound = CONSTRAINT_BOUNDS[key];
    // Tighter: a bound appears, or moves inwards.
    const tighter = a === undefined ? true : b === undefined ? false : bound === 'max' ? b < a : b > a;
    const breaking = dir === 'request' ? tighter : !tighter;
    const rule = `${dir}-${key}-${tighter ? 'narrowed' : 'widened'}`;
    r.add(rule, breaking, `${where}.${key}`, `${key} ${a ?? 'none'} became ${b ?? 'none'}`);
  }
  if ((before.pattern ?? '') !== (after.pattern ?? '')) {
    r.add(
      `${dir}-pattern-changed`,
      dir === 'request' ? after.pattern !== undefined : before.pattern !== undefined,
      `${where}.pattern`,
      `pattern ${before.pattern ?? 'none'} became ${after.pattern ?? 'none'}`,
    );
  }
}
