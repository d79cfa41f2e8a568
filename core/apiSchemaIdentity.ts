import type { SnapshotSchema } from './apiSnapshot.ts';

/**
 * Identity of the named schemas of two snapshots (format 3, `schemas` + `{ $ref }`): the same id
 * for a ref on both sides means the schema and everything it reaches are equal, so the diff skips
 * it at once instead of walking it again at every use (Stripe's description uses its `customer`
 * schema from hundreds of places, most of them through cycles).
 *
 * A schema's id is interned from its strongly connected component of the ref graph (Tarjan):
 * the JSON of each member, and the ids of the components it points into. Interning (one Map for
 * both sides) rather than hashing keeps it exact and free of node:crypto (core/ is shared with the web app).
 */
class SchemaIdentity {
  private readonly interned = new Map<string, number>();

  /** ref → id of what it reaches, for one snapshot's `schemas`. */
  idsOf(schemas: Record<string, SnapshotSchema>): Map<string, number> {
    const ids = new Map<string, number>();
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const edges = (ref: string) => refsIn(schemas[ref]);
    const visit = (ref: string) => {
      index.set(ref, index.size);
      low.set(ref, index.get(ref)!);
      stack.push(ref);
      onStack.add(ref);
      for (const next of edges(ref)) {
        if (!(next in schemas)) continue;
        if (!index.has(next)) {
          visit(next);
          low.set(ref, Math.min(low.get(ref)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(ref, Math.min(low.get(ref)!, index.get(next)!));
      }
      if (low.get(ref) !== index.get(ref)) return;
      const members: string[] = [];
      let m: string;
      do {
        m = stack.pop()!;
        onStack.delete(m);
        members.push(m);
      } while (m !== ref);
      members.sort();
      const inside = new Set(members);
      // Components are completed children first, so every ref leaving this one already has its id.
      const outside = new Set<string>();
      for (const member of members) for (const next of edges(member)) if (!inside.has(next)) outside.add(`${next}=${ids.get(next) ?? 'missing'}`);
      const key = `${members.map((name) => `${name}\u0000${JSON.stringify(schemas[name])}`).join('\u0001')}\u0002${[...outside].sort().join('\u0001')}`;
      let id = this.interned.get(key);
      if (id === undefined) this.interned.set(key, (id = this.interned.size));
      for (const member of members) ids.set(member, id);
    };
    for (const ref of Object.keys(schemas)) if (!index.has(ref)) visit(ref);
    return ids;
  }
}

/** Every `$ref` a schema holds directly (not through other named schemas). */
function refsIn(schema: SnapshotSchema | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (s: SnapshotSchema | undefined) => {
    if (!s || typeof s !== 'object') return;
    if (typeof s.$ref === 'string') {
      out.add(s.$ref);
      return;
    }
    for (const p of Object.values(s.properties ?? {})) walk(p);
    walk(s.items);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties);
    for (const v of s.variants ?? []) walk(v);
  };
  walk(schema);
  return out;
}

/** The two sides of a diff with their named schemas: `{ $ref }` read through, closures compared by id. */
export class SchemaSides {
  private readonly before: Record<string, SnapshotSchema>;
  private readonly after: Record<string, SnapshotSchema>;
  private ids?: { before: Map<string, number>; after: Map<string, number> };
  constructor(before: Record<string, SnapshotSchema> = {}, after: Record<string, SnapshotSchema> = {}) {
    this.before = before;
    this.after = after;
  }

  /** The schema a before-side `{ $ref }` stands for (itself when inline); `{}` for a ref the snapshot lacks. */
  readBefore(s: SnapshotSchema): SnapshotSchema {
    return follow(s, this.before);
  }

  readAfter(s: SnapshotSchema): SnapshotSchema {
    return follow(s, this.after);
  }

  /** True when `ref` names the same schema, with the same everything it reaches, on both sides. */
  unchanged(ref: string): boolean {
    if (!(ref in this.before) || !(ref in this.after)) return false;
    if (!this.ids) {
      const identity = new SchemaIdentity();
      this.ids = { before: identity.idsOf(this.before), after: identity.idsOf(this.after) };
    }
    return this.ids.before.get(ref) === this.ids.after.get(ref);
  }
}

function follow(s: SnapshotSchema, schemas: Record<string, SnapshotSchema>): SnapshotSchema {
  let current = s;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) current = Object.hasOwn(schemas, current.$ref) ? schemas[current.$ref]! : {};
  return typeof current.$ref === 'string' ? {} : current;
}
