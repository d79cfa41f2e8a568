import { z } from 'zod';
import { MAX_ROW_ID } from '../limits.ts';
import { findControlCharacters } from '../controlChars.ts';

/**
 * zod helpers that coerce form strings the way ShowDoc clients send them.
 * Parameters arrive as strings from forms and query strings, or typed values from JSON bodies.
 * They run on the server (validation) and in the browser (web forms check the same rules).
 *
 * Each helper declares what a client may send (its zod input type) and whether it may be left out,
 * so a contract's input type (`core/api/contract.ts`) tells the web app and the tests what to send;
 * the casts change types only, never what is accepted at run time.
 */
/** A form's empty field (or a JSON null) read as left out: `preprocess(emptyToUndefined, schema.optional())`. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `z.preprocess(fn, schema)` without zod's classic transform. That one gives each parse's payload a
 * closure (`payload.addIssue`), and then the payload, the parsed input and the parse's answer
 * outlived two scavenges: every request's parse of its parameters went to the old generation
 * (~0.15 MB/s under 400 reads a second on the bench server), which brought major collections into
 * the middle of imports (issue #26). Measured 2026-11-28 with --trace-gc-nvp, zod 4.6.7: 200,000
 * parses promoted 28.5 MB with z.preprocess, 3.4 MB this way; steady page/info and item/info
 * reads 1.9 MB in ~13 s, 0.2 MB this way. The step is an `overwrite` check on `z.unknown()`, piped
 * into the schema: the same answers and issues (tests/core/api/schema.test.ts). All classic zod
 * instances: built on zod's core transform instead, item/info under wrk was 20 % slower (zod's
 * call sites then met two kinds of schema object). `fn` takes the value alone: a step that reports
 * an issue of its own (`ctx.addIssue`) keeps `z.preprocess`.
 */
export function preprocess<S extends z.ZodType>(fn: (value: unknown) => unknown, schema: S): z.ZodPreprocess<S> {
  const step = z.unknown().overwrite(fn);
  // As z.preprocess's transform: a key left out still reaches the step, which may supply a value.
  step._zod.optin = 'optional';
  // Typed as z.preprocess's answer, which it stands for (a key of it may be left out); the casts change types only.
  return step.pipe(schema as unknown as z.ZodType) as unknown as z.ZodPreprocess<S>;
}

/** A schema whose output is `O` and which accepts `I` from a client. */
type Accepting<S extends z.ZodType, I> = z.ZodType<z.output<S>, I>;
/** …and which may be left out (its preprocess supplies the default). */
type OptionalIn<S extends z.ZodType, I> = Accepting<S, I | undefined> & { _zod: { optin: 'optional' } };

const accepting =
  <I>() =>
  <S extends z.ZodType>(schema: S) =>
    schema as unknown as Accepting<S, I>;
const optionalIn =
  <I>() =>
  <S extends z.ZodType>(schema: S) =>
    schema as unknown as OptionalIn<S, I>;

type Numeric = number | string;
type Textual = string | number | null;

/** A positive integer id (1 … 2^31-1). */
export const zId = accepting<Numeric>()(
  preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(1, 'must be a positive id').max(MAX_ROW_ID, 'is too large')),
);
/** An id where 0 means "none / root". */
export const zIdOrZero = optionalIn<Numeric | null>()(
  preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce.number().int('must be a whole number').min(0, 'must not be negative').max(MAX_ROW_ID, 'is too large'),
  ),
);
export const zInt = (min = -2147483648, max = 2147483647) =>
  accepting<Numeric>()(
    preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );

/** A trimmed string with a maximum length; optional fields default to ''. */
export const zText = (max: number) =>
  optionalIn<Textual>()(
    preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
      z.string('must be text').max(max, `must be at most ${max} characters`),
    ),
  );
export const zRequiredText = (max: number) =>
  accepting<string | number>()(
    preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string('is required').min(1, 'is required').max(max, `must be at most ${max} characters`),
    ),
  );

/** Boolean flags as forms send them: 1/0, true/false, on/off. */
export const zFlag = optionalIn<boolean | number | string | null>()(
  preprocess((v) => {
    if (typeof v === 'boolean') return v;
    if (v === undefined || v === null || v === '') return false;
    const s = String(v).toLowerCase();
    return s === '1' || s === 'true' || s === 'on' || s === 'yes';
  }, z.boolean()),
);

/** A JSON document carried inside one form field (e.g. `cats`, `pages`, `data`): its text, or the value itself in a JSON body. */
export function zJsonField<S extends z.ZodType>(inner: S) {
  return accepting<string | z.input<S>>()(
    z.preprocess((v, ctx) => {
      if (typeof v !== 'string') return v;
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
      // `\u0000` escapes inside the JSON become control characters only now.
      const at = findControlCharacters(parsed);
      if (at) {
        ctx.addIssue({ code: 'custom', message: `must not contain control characters (at ${at})` });
        return z.NEVER;
      }
      return parsed;
    }, inner),
  );
}
/** One issue as `[field, problem]`: the field's dotted path and what is wrong with it. */
function fieldAndProblem(i: z.core.$ZodIssue): [string, string] {
  const field = i.path.length ? i.path.join('.') : 'input';
  const problem = i.code === 'invalid_type' && /received undefined/i.test(i.message) ? 'is required' : i.message;
  return [field, problem];
}

/** Formats zod issues as `field: problem; field: problem`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => fieldAndProblem(i).join(': ')).join('; ');
}

/**
 * A form's problems by field, checked in the browser with the action's own input schema before
 * anything is sent: `{ item_name: 'is required' }`, empty when the server would accept the values.
 */
export function fieldProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const problems: Record<string, string> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const [field, problem] = fieldAndProblem(issue);
    problems[field] ??= problem;
  }
  return problems;
}
