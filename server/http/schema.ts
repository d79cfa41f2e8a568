import { z } from 'zod';
import { MAX_ROW_ID } from '../../core/limits.ts';
import { findControlCharacters } from './controlChars.ts';

/**
 * zod helpers that coerce form strings the way ShowDoc clients send them.
 * Parameters arrive as strings from forms and query strings, or typed values from JSON bodies.
 */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A positive integer id (1 … 2^31-1). */
export const zId = z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(1, 'must be a positive id').max(MAX_ROW_ID, 'is too large'));
/** An id where 0 means "none / root". */
export const zIdOrZero = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : v),
  z.coerce.number().int('must be a whole number').min(0, 'must not be negative').max(MAX_ROW_ID, 'is too large'),
);
export const zInt = (min = -2147483648, max = 2147483647) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A trimmed string with a maximum length; optional fields default to ''. */
export const zText = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string('must be text').max(max, `must be at most ${max} characters`));
export const zRequiredText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string('is required').min(1, 'is required').max(max, `must be at most ${max} characters`),
  );

/** Boolean flags as forms send them: 1/0, true/false, on/off. */
export const zFlag = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (v === undefined || v === null || v === '') return false;
  const s = String(v).toLowerCase();
  return s === '1' || s === 'true' || s === 'on' || s === 'yes';
}, z.boolean());

/** A JSON document carried inside one form field (e.g. `cats`, `pages`, `data`). */
export function zJsonField<S extends z.ZodType>(inner: S) {
  return z.preprocess((v, ctx) => {
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
  }, inner);
}

/** Formats zod issues as `field: problem; field: problem`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const field = i.path.length ? i.path.join('.') : 'input';
      let msg = i.message;
      if (i.code === 'invalid_type' && /received undefined/i.test(msg)) msg = 'is required';
      return `${field}: ${msg}`;
    })
    .join('; ');
}
