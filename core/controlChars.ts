import { errors } from './errors.ts';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL cannot
 * store NUL in text at all and SQLite would store it silently, so every text parameter is
 * refused with them once, here, before anything reads it: both engines answer alike.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(s: string): boolean {
  return CONTROL_CHARACTERS.test(s);
}

/** The path (`field`, `field.0.name`) of the first key or string value holding a control character. */
export function findControlCharacters(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path || 'input' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacters(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key)) return at;
      const found = findControlCharacters(v, at);
      if (found) return found;
    }
  }
  return null;
}

function controlCharactersError(field: string) {
  return errors.validation(
    `${field}: must not contain control characters (NUL and the like; only tab and line breaks are allowed)`,
    `${field}：不能包含控制字符（如 NUL；只允许制表符和换行）`,
  );
}

/** Throws the 10100 error naming the field when `value` (a parameter tree) holds a control character. */
export function assertNoControlCharacters(value: unknown, path = ''): void {
  const field = findControlCharacters(value, path);
  if (field) throw controlCharactersError(field);
}
