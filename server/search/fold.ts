/**
 * Unicode case folding for SQLite search. SQLite's LIKE and lower() fold ASCII only, so `Éc`
 * never found `éc`. PostgreSQL's ILIKE folds every letter (lower() per character in the
 * database's UTF-8 locale); this restores the same on SQLite for the needles that need it.
 */

/** Lower case, with Greek final sigma read as sigma (JavaScript lowers a word-final Σ to ς). */
export function foldCase(text: string): string {
  return text.toLowerCase().replace(/ς/g, 'σ');
}

/**
 * True when the needle holds a letter outside ASCII that has another case (É, Ä, Я, Σ…): only
 * then is ASCII folding not enough. CJK, digits, punctuation and emoji have no case, so such
 * needles keep the plain LIKE path and its exact-substring speed.
 */
export function needsUnicodeFold(needle: string): boolean {
  for (const ch of needle) if (ch > '\x7f' && ch.toLowerCase() !== ch.toUpperCase()) return true;
  return false;
}

/** SQL function `folio_ifind(haystack, foldedNeedle)`: 1 when the needle is in the folded haystack. */
export const SQLITE_FOLD_FUNCTION = 'folio_ifind';

export function containsFolded(haystack: unknown, foldedNeedle: unknown): number {
  return typeof haystack === 'string' && typeof foldedNeedle === 'string' && foldCase(haystack).includes(foldedNeedle) ? 1 : 0;
}
