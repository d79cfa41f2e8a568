import type MockJs from 'mockjs';
import { MOCK_TEMPLATE_MAX_BYTES } from '../../../core/limits.ts';

/**
 * Mock templates are data: JSON in Mock.js template syntax (`"list|1-10": [...]`, `"@cname"`).
 * No user code runs. Mock.js itself `eval`s the argument text of `@placeholder(...)`, so every
 * placeholder's arguments are parsed here as plain literals and re-written as JSON before Mock.js
 * sees them; repeat counts and lengths are capped and the expected output size is bounded before
 * rendering, and the real output size after.
 */
/** Largest repeat count of one rule (`"list|100000"` becomes `"list|1000"`). */
const MOCK_MAX_REPEAT = 1000;
/** Largest rendered answer, and the bound on the estimate made before rendering. */
const MOCK_MAX_OUTPUT_BYTES = 2 * 1024 * 1024;
/** Largest length argument of text generators such as `@paragraph(n)` or `@string(n)`. */
const MOCK_MAX_TEXT_ARG = 100;
const MAX_DECIMALS = 10;
const MAX_DEPTH = 32;

/** Generators whose numeric arguments are lengths, and what one of their answers may weigh. */
const LENGTH_ARGUMENT_METHODS = new Set(['string', 'paragraph', 'cparagraph', 'sentence', 'csentence', 'word', 'cword', 'title', 'ctitle']);
const TEXT_PLACEHOLDER_BYTES = 20_000;
const OTHER_PLACEHOLDER_BYTES = 300;
/** Placeholder names that do not generate data: Mock.Random's own mutator and Object.prototype members. */
const REFUSED_NAMES = new Set(['extend', 'dataimage', ...Object.getOwnPropertyNames(Object.prototype).map((n) => n.toLowerCase())]);

export class MockTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MockTemplateError';
  }
}

/** Parses the stored text: it must be JSON and at most 100 KB. */
function parseMockTemplate(text: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > MOCK_TEMPLATE_MAX_BYTES) throw new MockTemplateError(`must be at most ${MOCK_TEMPLATE_MAX_BYTES / 1024} KB`);
  try {
    return JSON.parse(text);
  } catch {
    throw new MockTemplateError('must be valid JSON');
  }
}

// ---- placeholder arguments: plain literals only -------------------------------------------

type Literal = number | string | boolean | null | undefined | Literal[];

/** Parses `1, 'a', [true, "b"]` — numbers, quoted strings, true/false/null/undefined and arrays. */
function parseArguments(text: string): Literal[] {
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const fail = (): never => {
    throw new MockTemplateError(`placeholder arguments must be plain numbers, quoted strings, true/false or [lists]: "${text}"`);
  };
  const value = (depth: number): Literal => {
    skip();
    const rest = text.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest))) {
      i += m[0].length;
      return Number(m[0]);
    }
    if ((m = /^"([^"\\\n]*)"|^'([^'\\\n]*)'/.exec(rest))) {
      i += m[0].length;
      return m[1] ?? m[2] ?? '';
    }
    if ((m = /^(true|false|null|undefined)\b/.exec(rest))) {
      i += m[0].length;
      return m[1] === 'true' ? true : m[1] === 'false' ? false : m[1] === 'null' ? null : undefined;
    }
    if (rest[0] === '[' && depth < 4) {
      i++;
      const items = list(depth + 1, ']');
      if (text[i] !== ']') fail();
      i++;
      return items;
    }
    return fail();
  };
  const list = (depth: number, end: string | null): Literal[] => {
    const out: Literal[] = [];
    skip();
    if (i >= text.length || text[i] === end) return out;
    for (;;) {
      out.push(value(depth));
      skip();
      if (text[i] !== ',') return out;
      i++;
    }
  };
  const args = list(0, null);
  skip();
  if (i !== text.length) fail();
  return args;
}

const serialise = (v: Literal): string => (v === undefined ? 'undefined' : Array.isArray(v) ? `[${v.map(serialise).join(',')}]` : JSON.stringify(v));
const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** Caps the arguments that control how much a generator produces. */
function capArguments(method: string, args: Literal[]): Literal[] {
  if (LENGTH_ARGUMENT_METHODS.has(method)) return args.map((a) => (typeof a === 'number' ? clamp(a, -MOCK_MAX_TEXT_ARG, MOCK_MAX_TEXT_ARG) : a));
  if (method === 'range') {
    const [a, b, step] = args.map((x) => (typeof x === 'number' ? clamp(x, -MOCK_MAX_REPEAT, MOCK_MAX_REPEAT) : x));
    const safeStep = typeof step === 'number' && Math.abs(step) < 1 ? (step < 0 ? -1 : 1) : step;
    return [a, b, safeStep].slice(0, args.length);
  }
  return args;
}

/**
 * Mock.js finds placeholders with `/\\*@([^@#%&()?\s]+)(?:\((.*?)\))?/g`, which backtracks
 * quadratically on long runs of backslashes and on `@x(` never closed by `)`. Strings that could
 * make it do so are refused, so scanning stays linear both here and inside Mock.js.
 */
const MAX_BACKSLASH_RUN = 16;
const MAX_ARGUMENT_CHARS = 200;
const PLACEHOLDER = new RegExp(`(\\\\{0,${MAX_BACKSLASH_RUN}})@([^@#%&()?\\s]+)(?:\\(([^)]{0,${MAX_ARGUMENT_CHARS}})\\))?`, 'g');

/** The longest run of backslashes once the string is repeated `repeat` times. */
function longestBackslashRun(text: string, repeat: number): number {
  const runs = text.match(/\\+/g)?.map((r) => r.length) ?? [0];
  const inner = Math.max(...runs);
  if (repeat <= 1) return inner;
  if (/^\\+$/.test(text)) return text.length * repeat;
  const lead = /^\\*/.exec(text)![0].length;
  const trail = /\\*$/.exec(text)![0].length;
  return Math.max(inner, lead + trail);
}

/**
 * A repeated string is concatenated before Mock.js expands it, so `(1)x@integer` repeated forms
 * `@integer(1)` across the join — arguments that were never vetted. Such strings are refused.
 */
function refusePlaceholdersAcrossCopies(text: string): void {
  const doubled = text + text;
  for (const m of doubled.matchAll(PLACEHOLDER)) {
    const end = m.index + m[0].length;
    if (m.index >= text.length || end <= text.length) continue;
    const opensArguments = m[3] !== undefined || doubled[end] === '(';
    if (opensArguments || REFUSED_NAMES.has(m[2]!.toLowerCase())) {
      throw new MockTemplateError('a repeated string must not form a placeholder where its copies join');
    }
  }
}

// ---- references: `@/x/c`, `@../c`, `@sibling` ----------------------------------------------

/**
 * Mock.js lets a placeholder stand for another property's rendered value: a path (`"@/x/c"`,
 * `"@../c"`) or the name of a sibling in the same object or array (`"@c"`, `"@0"`). The value is
 * shared, not copied, so `{"x":{"c|1000":[…]},"y":{"d|1000":["@/x/c"]},"z|1000":["@/y/d"]}` renders
 * cheaply and then serialises to 10^9 strings (65 s before this). So a reference weighs what it may
 * refer to: a path, the largest estimate of any property of its last name (an index: of any array
 * element); a name, that of the siblings so named. The estimates depend on each other and are
 * found by repeating the pass until they stop changing; a cycle never does.
 */
interface Estimates {
  /** Largest estimate of a property, by name without rule (what a path's last name may mean). */
  byName: Map<string, number>;
  /** Largest estimate of an array element (what a path's last index may mean). */
  element: number;
  /** Estimate of each property or element, by its object or array in the template and raw key or index. */
  members: Map<object, Map<string, number>>;
}
interface ReferenceWeights {
  /** From the previous pass. */
  known: Estimates;
  /** Collected in this pass. */
  seen: Estimates;
  /** Whether any placeholder of this pass may be a reference (when none is, one pass is final). */
  referenced: boolean;
}
const noEstimates = (): Estimates => ({ byName: new Map(), element: 0, members: new Map() });

/** Where a string sits: the siblings a bare `@name` may refer to. */
interface Siblings {
  /** The enclosing object or array of the template. */
  parent: object;
  /** Its raw keys (or indexes) by name without rule. */
  rawByName: Map<string, string[]>;
  /** The string's own raw key or index: not a sibling. */
  self: string;
}
/** Passes allowed: how long a chain of references may be (a refers to b refers to c …). */
const MAX_REFERENCE_CHAIN = 8;

function noteMember(weights: ReferenceWeights, parent: object, key: Rule, bytes: number, isElement: boolean): void {
  const seen = weights.seen;
  if (isElement) seen.element = Math.max(seen.element, bytes);
  else seen.byName.set(key.name, Math.max(seen.byName.get(key.name) ?? 0, bytes));
  let members = seen.members.get(parent);
  if (!members) seen.members.set(parent, (members = new Map()));
  members.set(key.raw, bytes);
}

/** What a placeholder named `name` may weigh if Mock.js resolves it as a reference; 0 when it cannot be one. */
function referenceWeight(name: string, weights: ReferenceWeights, at: Siblings | null): number {
  const known = weights.known;
  if (!name.includes('/')) {
    const raws = at?.rawByName.get(name)?.filter((raw) => raw !== at.self) ?? [];
    if (!raws.length) return 0;
    weights.referenced = true;
    const members = known.members.get(at!.parent);
    return Math.max(0, ...raws.map((raw) => members?.get(raw) ?? 0));
  }
  const last = name.split('/').filter(Boolean).pop();
  if (last === undefined) return 0;
  weights.referenced = true;
  return /^\d+$/.test(last) ? known.element : (known.byName.get(last) ?? 0);
}

function rawByName(keys: Rule[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const k of keys) {
    const named = byName.get(k.name);
    if (named) named.push(k.raw);
    else byName.set(k.name, [k.raw]);
  }
  return byName;
}

function sameEstimates(a: Estimates, b: Estimates): boolean {
  if (a.element !== b.element || !sameMap(a.byName, b.byName) || a.members.size !== b.members.size) return false;
  for (const [parent, members] of a.members) if (!sameMap(members, b.members.get(parent))) return false;
  return true;
}

function sameMap(a: Map<string, number>, b: Map<string, number> | undefined): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** Validates and rewrites the placeholders of one template string; returns it and its weight. */
function boundString(text: string, repeat: number, weights: ReferenceWeights, at: Siblings | null): { text: string; bytes: number } {
  if (longestBackslashRun(text, repeat) > MAX_BACKSLASH_RUN)
    throw new MockTemplateError(`strings must not hold runs of more than ${MAX_BACKSLASH_RUN} backslashes`);
  if (repeat > 1 && text.includes('@')) refusePlaceholdersAcrossCopies(text);
  let bytes = text.length;
  const rewritten = text.replace(PLACEHOLDER, (whole, slashes: string, name: string, args: string | undefined, offset: number) => {
    if (slashes.length % 2 === 1) return whole; // `\@name` is an escaped, literal @
    const method = name.toLowerCase();
    if (REFUSED_NAMES.has(method) || REFUSED_NAMES.has(name)) throw new MockTemplateError(`"@${name}" is not a Mock.js data placeholder`);
    bytes += Math.max(LENGTH_ARGUMENT_METHODS.has(method) ? TEXT_PLACEHOLDER_BYTES : OTHER_PLACEHOLDER_BYTES, referenceWeight(name, weights, at));
    if (args === undefined) {
      if (text[offset + whole.length] === '(')
        throw new MockTemplateError(`"@${name}(": placeholder arguments must be closed by ")" within ${MAX_ARGUMENT_CHARS} characters`);
      return whole;
    }
    return `${slashes}@${name}(${capArguments(method, parseArguments(args)).map(serialise).join(',')})`;
  });
  return { text: rewritten, bytes };
}

// ---- rules: `name|min-max.dmin-dmax`, `name|count`, `name|+step` -----------------------------

interface Rule {
  /** The key as written. */
  raw: string;
  name: string;
  /** Re-written rule text (after the `|`), or null when the key has no rule. */
  rule: string | null;
  /** Largest repeat the rule asks for (strings, arrays, objects). */
  repeat: number;
}

function parseKey(key: string, value: unknown): Rule {
  const bar = key.lastIndexOf('|');
  if (bar <= 0) return { raw: key, name: key, rule: null, repeat: 1 };
  const name = key.slice(0, bar);
  const rule = key.slice(bar + 1);
  if (/^\+\d+$/.test(rule)) return { raw: key, name, rule, repeat: 1 };
  const m = /^([+-]?\d+)(?:-([+-]?\d+))?(?:\.(\d+)(?:-(\d+))?)?$/.exec(rule);
  if (!m) return { raw: key, name, rule, repeat: 1 };
  const repeats = typeof value === 'string' || Array.isArray(value) || (value !== null && typeof value === 'object');
  // For numbers and booleans min-max is a value range or a probability, not a repeat count.
  const cap = (s: string | undefined) => (s === undefined ? undefined : repeats ? clamp(Number(s), -MOCK_MAX_REPEAT, MOCK_MAX_REPEAT) : Number(s));
  const min = cap(m[1]);
  const max = cap(m[2]);
  const dmin = m[3] === undefined ? undefined : clamp(Number(m[3]), 0, MAX_DECIMALS);
  const dmax = m[4] === undefined ? undefined : clamp(Number(m[4]), 0, MAX_DECIMALS);
  const text = `${min}${max === undefined ? '' : `-${max}`}${dmin === undefined ? '' : `.${dmin}${dmax === undefined ? '' : `-${dmax}`}`}`;
  return { raw: key, name, rule: text, repeat: repeats ? Math.max(min ?? 1, max ?? 1, 1) : 1 };
}

interface Bounded {
  value: unknown;
  bytes: number;
}

/**
 * `repeat`: how many times the rule of the enclosing key repeats this value (strings are concatenated);
 * `at`: its siblings when it is a property or an element.
 */
function bound(value: unknown, depth: number, weights: ReferenceWeights, at: Siblings | null, repeat = 1): Bounded {
  if (depth > MAX_DEPTH) throw new MockTemplateError(`must not nest deeper than ${MAX_DEPTH} levels`);
  if (typeof value === 'string') {
    const { text, bytes } = boundString(value, repeat, weights, at);
    return { value: text, bytes: bytes + 2 };
  }
  if (Array.isArray(value)) {
    const indexes: Rule[] = value.map((_, i) => ({ raw: String(i), name: String(i), rule: null, repeat: 1 }));
    const byName = rawByName(indexes);
    const items = value.map((v, i) => bound(v, depth + 1, weights, { parent: value, rawByName: byName, self: String(i) }));
    items.forEach((item, i) => noteMember(weights, value, indexes[i]!, item.bytes, true));
    return { value: items.map((x) => x.value), bytes: items.reduce((n, x) => n + x.bytes + 1, 2) };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    let bytes = 2;
    const rules = Object.entries(value).map(([key, child]) => ({ rule: parseKey(key, child), child }));
    const byName = rawByName(rules.map((r) => r.rule));
    for (const { rule, child } of rules) {
      // Keys are names and rules only: Mock.js never expands placeholders in them.
      const inner = bound(child, depth + 1, weights, { parent: value, rawByName: byName, self: rule.raw }, rule.repeat);
      out[rule.rule === null ? rule.name : `${rule.name}|${rule.rule}`] = inner.value;
      noteMember(weights, value, rule, inner.bytes * rule.repeat, false);
      bytes += rule.name.length + 4 + inner.bytes * rule.repeat;
    }
    return { value: out, bytes };
  }
  return { value, bytes: 24 };
}

/** The template made safe to hand to Mock.js, or a MockTemplateError naming the problem. */
function boundMockTemplate(template: unknown): unknown {
  let known = noEstimates();
  for (let pass = 0; ; pass++) {
    const weights: ReferenceWeights = { known, seen: noEstimates(), referenced: false };
    const { value, bytes } = bound(template, 0, weights, null);
    // Each pass only raises the estimates, so one over the limit stays over it.
    if (bytes > MOCK_MAX_OUTPUT_BYTES)
      throw new MockTemplateError(
        `would produce about ${Math.round(bytes / 1024)} KB; the limit is ${MOCK_MAX_OUTPUT_BYTES / 1024} KB (lower the repeat counts, or what placeholders such as "@/a/b" refer to)`,
      );
    if (!weights.referenced || sameEstimates(weights.seen, known)) return value;
    if (pass === MAX_REFERENCE_CHAIN)
      throw new MockTemplateError(
        `placeholders that refer to other properties ("@/a/b", "@name") must not form a cycle or a chain longer than ${MAX_REFERENCE_CHAIN}`,
      );
    known = weights.seen;
  }
}

/** Checks stored template text without rendering it (used when saving). */
export function checkMockTemplate(text: string): void {
  boundMockTemplate(parseMockTemplate(text));
}

// Mock.js is loaded on the first rendered mock, not at start.
let mockJs: Promise<typeof MockJs> | undefined;
const loadMockJs = () => (mockJs ??= import('mockjs').then((m) => m.default));

/** Renders a template to JSON text; `<`, `>` and `&` are escaped so no browser can read it as markup. */
export async function renderMockTemplate(text: string): Promise<string> {
  const template = boundMockTemplate(parseMockTemplate(text));
  const Mock = await loadMockJs();
  let json: string | undefined;
  try {
    json = JSON.stringify(Mock.mock(template));
  } catch {
    throw new MockTemplateError('could not be rendered (does a placeholder refer to itself?)');
  }
  json ??= 'null';
  if (json.length > MOCK_MAX_OUTPUT_BYTES) throw new MockTemplateError(`produced more than ${MOCK_MAX_OUTPUT_BYTES / 1024} KB`);
  return json.replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
