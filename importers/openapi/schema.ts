import type { ApiParam } from '../../core/apiDoc.ts';

/**
 * Cycle-safe reading of OpenAPI / JSON Schema: local `$ref`s are resolved lazily while walking,
 * and a schema already on the current path is not entered again, so circular models (a tree
 * node whose children are tree nodes) end instead of looping. Budgets cap what one page may
 * show, because real specs (GitHub's) nest huge models many levels deep.
 *
 * Kept instead of reading swagger-parser's dereferenced document because it is faster: on
 * GitHub's 13 MB description (1,223 operations; CPU time, Node 24) this lazy import takes 0.83 s,
 * while `SwaggerParser.dereference` alone takes 0.74 s and the import of its output 0.64 s more
 * (1.38 s). swagger-parser validates (see swaggerParser.ts); this reads.
 */
export type Schema = Record<string, any>;

const MAX_DEPTH = 5;
const MAX_EXAMPLE_NODES = 400;
const MAX_FIELD_ROWS = 150;

export class RefResolver {
  private readonly root: unknown;
  constructor(root: unknown) {
    this.root = root;
  }

  /** Follows `$ref` chains (local `#/…` pointers only); unknown or external refs become `{}`. */
  resolve<T = Schema>(node: unknown): T {
    let current: any = node;
    for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string' && hops < 32; hops++) {
      current = this.pointer(current.$ref);
    }
    return (current && typeof current === 'object' ? current : {}) as T;
  }

  /** What a local `$ref` points at, one hop only (a ref to a ref answers that ref); `{}` when it leads nowhere. */
  target(ref: string): unknown {
    const at = this.pointer(ref);
    return at && typeof at === 'object' ? at : {};
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#')) return {};
    const parts = ref
      .slice(1)
      .split('/')
      .filter((p, i) => i > 0 || p !== '');
    let at: any = this.root;
    for (const raw of parts) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!at || typeof at !== 'object' || !(key in at)) return {};
      at = at[key];
    }
    return at;
  }
}

/** allOf parts merged into one schema (properties and required lists combined). */
function flatten(schema: Schema, refs: RefResolver, depth = 0): Schema {
  const s = refs.resolve(schema);
  if (!Array.isArray(s.allOf) || depth > 8) return s;
  const merged: Schema = { ...s, allOf: undefined, properties: { ...s.properties }, required: [...(s.required ?? [])] };
  for (const part of s.allOf) {
    const p = flatten(part, refs, depth + 1);
    Object.assign(merged.properties, p.properties ?? {});
    merged.required.push(...(Array.isArray(p.required) ? p.required : []));
    merged.type ??= p.type;
    merged.description ??= p.description;
    if (p.items && !merged.items) merged.items = p.items;
  }
  if (!Object.keys(merged.properties).length) delete merged.properties;
  return merged;
}

/** The first alternative of oneOf/anyOf, or the schema itself. */
function pickVariant(schema: Schema, refs: RefResolver): Schema {
  const s = flatten(schema, refs);
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants) && variants.length && !s.properties && !s.type) return flatten(variants[0], refs);
  return s;
}

function primaryType(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null') ?? s.type[0];
  if (typeof s.type === 'string') return s.type;
  if (s.properties || s.additionalProperties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A short type name for tables: `string`, `integer`, `object`, `array<string>`, `file`. */
export function typeName(schema: Schema, refs: RefResolver): string {
  const s = pickVariant(schema, refs);
  const t = primaryType(s);
  if (t === 'array') return `array<${s.items ? typeName(refs.resolve(s.items), refs) : 'any'}>`;
  if (t === 'string' && (s.format === 'binary' || s.format === 'base64')) return 'file';
  if (t === 'file') return 'file';
  return t ?? (s.enum ? typeof s.enum[0] : 'object');
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  binary: '',
  byte: '',
};

/** A placeholder value for a schema: its example, default, const or enum, else one built from the type. */
export function exampleFromSchema(schema: unknown, refs: RefResolver): unknown {
  const budget = { left: MAX_EXAMPLE_NODES };
  return build(schema, 0, new Set());

  function build(node: unknown, depth: number, stack: Set<object>): unknown {
    const resolved = refs.resolve(node);
    if (stack.has(resolved) || budget.left-- <= 0) return undefined;
    const s = pickVariant(resolved, refs);
    if (s.example !== undefined) return s.example;
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if (s.default !== undefined) return s.default;
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
    const t = primaryType(s);
    const inner = new Set(stack).add(resolved);
    switch (t) {
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth >= MAX_DEPTH) return out;
        for (const [name, prop] of Object.entries(s.properties ?? {})) {
          const v = build(prop, depth + 1, inner);
          if (v !== undefined) out[name] = v;
        }
        if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
          const v = build(s.additionalProperties, depth + 1, inner);
          if (v !== undefined) out.key = v;
        }
        return out;
      }
      case 'array': {
        if (depth >= MAX_DEPTH || !s.items) return [];
        const v = build(s.items, depth + 1, inner);
        return v === undefined ? [] : [v];
      }
      case 'integer':
        return typeof s.minimum === 'number' ? s.minimum : 0;
      case 'number':
        return typeof s.minimum === 'number' ? s.minimum : 0;
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'string':
        return FORMAT_EXAMPLES[s.format as string] ?? 'string';
      default:
        return undefined;
    }
  }
}

/**
 * Flattens an object schema into rows `a`, `a.b`, `list[].c` with type, required flag and description.
 * Bounded for recursive and huge models (Stripe's, DocuSign's): a property whose model is one of
 * its own ancestors is not expanded again, a model nested deeper than MAX_DEPTH levels is not
 * expanded, and at most MAX_FIELD_ROWS rows are listed. Each cut is marked in the table — the
 * row says `…(recursive: see X)` or `…(nested fields: see X)`, a last row counts what was left out —
 * so a reader knows the model goes on, and where it is described.
 */
export function fieldsFromSchema(schema: unknown, refs: RefResolver): ApiParam[] {
  const rows: ApiParam[] = [];
  let omitted = 0;
  walk(schema, '', 0, new Set());
  if (omitted)
    rows.push({
      name: '…',
      require: '0',
      type: '',
      value: '',
      remark: `…(${omitted} more field${omitted > 1 ? 's' : ''} not listed: the table shows the first ${MAX_FIELD_ROWS})`,
    });
  return rows;

  function walk(node: unknown, prefix: string, depth: number, stack: Set<object>): void {
    const resolved = refs.resolve(node);
    if (stack.has(resolved) || depth > MAX_DEPTH) return;
    const s = pickVariant(resolved, refs);
    const inner = new Set(stack).add(resolved);
    const t = primaryType(s);
    if (t === 'array' && s.items) return walk(s.items, prefix ? `${prefix}[]` : '[]', depth + 1, inner);
    if (t !== 'object' || !s.properties) return;
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    for (const [name, prop] of Object.entries<any>(s.properties)) {
      if (rows.length >= MAX_FIELD_ROWS) {
        omitted++;
        continue;
      }
      const p = pickVariant(refs.resolve(prop), refs);
      const full = prefix ? `${prefix}.${name}` : name;
      const example = p.example ?? p.default ?? (Array.isArray(p.enum) ? p.enum[0] : undefined);
      rows.push({
        name: full,
        require: required.has(name) ? '1' : '0',
        type: typeName(prop, refs),
        value: example === undefined || typeof example === 'object' ? '' : String(example),
        remark: [describe(p), cutMarker(prop, depth + 1, inner)].filter(Boolean).join(' '),
      });
      walk(prop, full, depth + 1, inner);
    }
  }

  /** The marker of a property whose own fields are not listed below it (a recursive or too deeply nested model), else ''. */
  function cutMarker(prop: unknown, depth: number, stack: Set<object>): string {
    let node = prop;
    let resolved = pickVariant(refs.resolve(node), refs);
    // An array's fields are its items' fields.
    for (let hops = 0; primaryType(resolved) === 'array' && resolved.items && hops < 4; hops++, depth++) {
      node = resolved.items;
      resolved = pickVariant(refs.resolve(node), refs);
    }
    if (primaryType(resolved) !== 'object' || !resolved.properties) return '';
    const name = refName(node) ?? refName(prop);
    if (stack.has(refs.resolve(node))) return `…(recursive: see ${name ?? 'above'})`;
    if (depth > MAX_DEPTH) return name ? `…(nested fields: see ${name})` : '…(nested fields not listed)';
    return '';
  }
}

/** `Pet` of `{ $ref: '#/components/schemas/Pet' }` (or of an `anyOf`/`oneOf`/`allOf` led by one); undefined for an inline schema. */
function refName(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const s = node as Schema;
  const lead = [s.anyOf, s.oneOf, s.allOf].find((v) => Array.isArray(v) && v.length)?.[0];
  const ref = typeof s.$ref === 'string' ? s.$ref : lead && typeof lead === 'object' ? lead.$ref : undefined;
  return typeof ref === 'string'
    ? decodeURIComponent(ref.split('/').pop() ?? ref)
        .replace(/~1/g, '/')
        .replace(/~0/g, '~')
    : undefined;
}

/** Description plus enum values, one line. */
export function describe(s: Schema): string {
  const parts = [String(s.description ?? s.title ?? '').trim()];
  if (Array.isArray(s.enum) && s.enum.length) parts.push(`(${s.enum.slice(0, 20).map(String).join(', ')})`);
  if (s.deprecated) parts.push('(deprecated)');
  return parts.filter(Boolean).join(' ');
}
