/**
 * Editor format tools that turn data into Markdown tables: JSON → field table, JSON beautify,
 * and tab-separated text (what Excel puts on the clipboard) → table. Pure functions, no DOM.
 */

export interface FieldTableHeaders {
  name: string;
  type: string;
  remark: string;
}

/** Thrown when the text given to a JSON tool does not parse; the UI shows its own message. */
export class InvalidJsonError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'InvalidJsonError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch (err) {
    throw new InvalidJsonError(err);
  }
}

/** A table cell: pipes escaped and newlines flattened so the row stays one row. */
function escapeCell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'int';
  return typeof value;
}

/** Walks a JSON value depth-first, yielding each field's dotted path (`list[].id`) and type. */
function* fields(value: unknown, prefix: string): Generator<{ path: string; type: string }> {
  if (Array.isArray(value)) {
    if (value.length > 0) yield* fields(value[0], `${prefix}[]`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    yield { path, type: typeOf(child) };
    yield* fields(child, path);
  }
}

/** JSON text → a Markdown table with one row per field (nested fields as dotted paths). */
export function jsonToMarkdownTable(text: string, headers: FieldTableHeaders): string {
  const value = parseJson(text);
  const lines = [`|${headers.name}|${headers.type}|${headers.remark}|`, '|:----|:----|:----|'];
  for (const f of fields(value, '')) lines.push(`|${escapeCell(f.path)}|${f.type}| |`);
  return lines.join('\n') + '\n';
}

/** Re-indents JSON text with two spaces. */
export function beautifyJson(text: string): string {
  return JSON.stringify(parseJson(text), null, 2);
}

/**
 * True when pasted text looks like a spreadsheet selection: at least two lines and every line
 * holding the same (non-zero) number of tabs.
 */
export function looksLikeTsv(text: string): boolean {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return false;
  const tabs = lines[0]!.split('\t').length - 1;
  return tabs > 0 && lines.every((l) => l.split('\t').length - 1 === tabs);
}

/** Tab-separated text → Markdown table; the first line becomes the header row. */
export function tsvToMarkdownTable(text: string): string {
  const rows = text
    .replace(/\r\n/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => line.split('\t').map((c) => escapeCell(c.trim())));
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...Array(width - r.length).fill('')];
  const [head, ...body] = rows;
  const out = [`|${pad(head!).join('|')}|`, `|${Array(width).fill(':----').join('|')}|`];
  for (const r of body) out.push(`|${pad(r).join('|')}|`);
  return out.join('\n') + '\n';
}
