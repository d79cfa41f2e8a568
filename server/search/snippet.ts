import { escapeHtml } from '../../core/markdown/escape.ts';

/**
 * Result snippets with the match highlighted, safe to put in HTML: the text is escaped first
 * and only our own <mark> tags are added around the matches.
 */
const BEFORE = 60;
const AFTER = 140;

function needleRegex(needle: string): RegExp {
  return new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
}

/** Escapes `text` and wraps every case-insensitive occurrence of `needle` in <mark>. */
export function highlight(text: string, needle: string): string {
  if (!needle) return escapeHtml(text);
  const re = needleRegex(needle);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += escapeHtml(text.slice(last, m.index)) + '<mark>' + escapeHtml(m[0]) + '</mark>';
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** A window of the content around the first match (or its start), highlighted. */
export function snippetFor(content: string, needle: string): string {
  const m = needleRegex(needle).exec(content);
  const at = m ? m.index : 0;
  let start = Math.max(0, at - BEFORE);
  let end = Math.min(content.length, at + (m ? m[0].length : 0) + AFTER);
  // Never cut a surrogate pair (emoji) in half.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(content[start]!)) start -= 1;
  if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1]!)) end += 1;
  const body = highlight(content.slice(start, end).replace(/\s+/g, ' '), needle);
  return (start > 0 ? '…' : '') + body + (end < content.length ? '…' : '');
}
