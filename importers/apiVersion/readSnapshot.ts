import zlib from 'node:zlib';
import type { ApiSnapshot, SnapshotOperation } from '../../core/apiSnapshot.ts';

/**
 * A stored snapshot (gzipped JSON, see recordApiVersion) read back with its repeated parts shared,
 * as the snapshot builder shares them: the normalised schema of a `$ref` is one object however many
 * operations use it, but the stored JSON spells it out at every use. Parsed whole, GitHub's
 * description (12.6 MB of snapshot JSON) came back as one copy per use and raised a changed
 * re-import's peak RSS by ~170 MB. Read here one operation at a time, each value of an operation
 * is replaced by an equal one already read (same JSON, key order included), so at most one
 * operation is ever expanded and JSON.stringify of the result is still exactly the stored text.
 *
 * The values are shared: whoever reads a snapshot must not change it (the diff does not).
 */
export function readSnapshot(stored: Buffer | Uint8Array): ApiSnapshot {
  const text = zlib.gunzipSync(stored);
  return (readOperationByOperation(text) ?? sharedValues().share(JSON.parse(text.toString('utf8')))) as ApiSnapshot;
}

/**
 * Hash-consing of parsed JSON: `share(v)` answers a value equal to `v` (its own, or one met
 * before), children first, so equal subtrees anywhere end up as one object. An object's key lists
 * its keys and values in order, each child object as `#<id>` of its shared copy, so a key costs
 * the size of the object's own scalars, not of its whole subtree. A string is written as its
 * length and itself (no escaping to do, and no way to run into the next part).
 */
function sharedValues(): { share<T>(value: T): T } {
  const ids = new Map<object, number>();
  const byKey = new Map<string, object>();
  const part = (v: unknown): string => {
    if (typeof v === 'string') return `${v.length}"${v}`;
    if (v !== null && typeof v === 'object') return `#${ids.get(v)},`;
    return `${v},`; // number, boolean, null
  };
  const share = <T>(value: T): T => {
    if (value === null || typeof value !== 'object') return value;
    let key: string;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = share(value[i]);
      key = '[';
      for (const v of value) key += part(v);
    } else {
      const o = value as Record<string, unknown>;
      key = '{';
      for (const k of Object.keys(o)) {
        setOwn(o, k, share(o[k]));
        key += part(k) + part(o[k]);
      }
    }
    const known = byKey.get(key);
    if (known) return known as T;
    byKey.set(key, value);
    ids.set(value, ids.size);
    return value;
  };
  return { share };
}

/** `o[k] = v`, also for a property named `__proto__` (which JSON.parse makes an own property; assigning it would set the prototype). */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (o[k] === v) return;
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Index just past the JSON string whose opening quote is at `i`. */
function stringEnd(b: Uint8Array, i: number): number {
  for (i++; i < b.length && b[i] !== QUOTE; i++) if (b[i] === BACKSLASH) i++;
  return i + 1;
}

/** Index just past the JSON value (without whitespace, as JSON.stringify writes it) starting at `i`. */
function valueEnd(b: Uint8Array, i: number): number {
  let depth = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c === QUOTE) {
      i = stringEnd(b, i);
      if (depth === 0) return i;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return i; // a number, true, false or null ends at its parent's end
      if (--depth === 0) return i + 1;
    } else if (c === COMMA && depth === 0) return i;
    i++;
  }
  return i;
}

/**
 * The snapshot JSON `{"key":value,…,"operations":[op,…],…}` parsed one top-level value and one
 * operation at a time, every operation shared into one sharedValues. Null when the text is not
 * laid out so (whitespace, say): the caller parses it whole instead.
 */
function readOperationByOperation(b: Buffer): ApiSnapshot | null {
  const parse = (from: number, to: number): unknown => JSON.parse(b.toString('utf8', from, to));
  const { share } = sharedValues();
  const out: Record<string, unknown> = {};
  if (b[0] !== OPEN_BRACE) return null;
  let i = 1;
  while (b[i] !== CLOSE_BRACE) {
    if (b[i] !== QUOTE) return null;
    const keyEnd = stringEnd(b, i);
    const key = parse(i, keyEnd) as string;
    if (b[keyEnd] !== COLON) return null;
    i = keyEnd + 1;
    if (key === 'operations' && b[i] === OPEN_BRACKET) {
      const operations: SnapshotOperation[] = [];
      for (i++; b[i] !== CLOSE_BRACKET;) {
        const end = valueEnd(b, i);
        const op = parse(i, end) as SnapshotOperation;
        // The operation itself is unique (one per method and path): only what it holds is shared.
        const fields = op as unknown as Record<string, unknown>;
        for (const k of Object.keys(fields)) setOwn(fields, k, share(fields[k]));
        operations.push(op);
        i = b[end] === COMMA ? end + 1 : end;
        if (i >= b.length) return null;
      }
      out[key] = operations;
      i++;
    } else {
      const end = valueEnd(b, i);
      out[key] = parse(i, end);
      i = end;
    }
    if (b[i] === COMMA) i++;
    else if (b[i] !== CLOSE_BRACE) return null;
  }
  return i === b.length - 1 ? (out as unknown as ApiSnapshot) : null;
}
