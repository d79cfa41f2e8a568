import path from 'node:path';

/**
 * The code-include directives of the documentation generators (issue #21 part 6), found where the
 * generators themselves find them: they are preprocessors working on the raw lines of the file
 * (inside code fences too), not Markdown syntax, so a line scan is the faithful reading here.
 *
 * - mdBook `{{#include path}}`, `{{#include path:2:10}}` (`:2`, `:2:`, `::10`), `{{#include path:name}}`
 *   (between `ANCHOR: name` and `ANCHOR_END: name`); relative to the page's file; `\{{#include}}` is literal.
 * - pymdownx.snippets `--8<-- "path"` (also `path:2:10`) alone on its line; relative to the MkDocs
 *   base (the folder of `mkdocs.yml`); `;--8<--` is literal.
 * - FastAPI docs `{* path *}` (with optional `hl[...]` and `ln[...]` left as they are) alone on its
 *   line; relative to the page's file; shown as a fenced code block.
 */
type IncludeKind = 'mdbook' | 'snippet' | 'fastapi';

export interface IncludeDirective {
  kind: IncludeKind;
  /** Offsets of the directive text in the body (what is replaced, and what a pull puts back). */
  start: number;
  end: number;
  /** The file as written in the directive. */
  file: string;
  /** Lines to keep, 1-based and inclusive (`to` undefined: to the end), or an anchor name. */
  lines?: { from: number; to?: number };
  anchor?: string;
}

const MDBOOK = /(?<!\\)\{\{#include\s+([^\s}]+)\s*\}\}/g;
const SNIPPET = /^([ \t]*)(?<!;)--8<--[ \t]+(["'])([^"'\n]+)\2[ \t]*$/gm;
const FASTAPI = /^[ \t]*\{\*[ \t]+(\S+)(?:[ \t]+[^\n*]*?)?[ \t]*\*\}[ \t]*$/gm;

/** `path:2:10`, `path:2`, `path:2:`, `path::10`, `path:anchor` → the file and what to keep of it. */
function splitSelector(spec: string): Pick<IncludeDirective, 'file' | 'lines' | 'anchor'> {
  const m = /^(.*?)(?::(\d*)(?::(\d*))?|:([A-Za-z_][\w-]*))$/.exec(spec);
  if (!m || !m[1]) return { file: spec };
  if (m[4]) return { file: m[1], anchor: m[4] };
  const from = m[2] ? Number(m[2]) : 1;
  // `:2` alone is that line only; `:2:` to the end; `::10` from the start.
  const to = m[3] === undefined ? (m[2] ? from : undefined) : m[3] ? Number(m[3]) : undefined;
  return { file: m[1], lines: { from, ...(to !== undefined ? { to } : {}) } };
}

/** Every include directive of `body`, in order. */
export function findIncludes(body: string): IncludeDirective[] {
  if (!body.includes('{{#include') && !body.includes('--8<--') && !body.includes('{*')) return [];
  const found: IncludeDirective[] = [];
  for (const m of body.matchAll(MDBOOK)) found.push({ kind: 'mdbook', start: m.index, end: m.index + m[0].length, ...splitSelector(m[1]!) });
  for (const m of body.matchAll(SNIPPET)) {
    const start = m.index + m[1]!.length;
    found.push({ kind: 'snippet', start, end: m.index + m[0].trimEnd().length, ...splitSelector(m[3]!) });
  }
  for (const m of body.matchAll(FASTAPI)) {
    const start = m.index + m[0].length - m[0].trimStart().length;
    found.push({ kind: 'fastapi', start, end: m.index + m[0].trimEnd().length, file: m[1]! });
  }
  return found.sort((a, b) => a.start - b.start);
}

const ANCHOR_LINE = /\bANCHOR(?:_END)?:\s*[\w-]+/;

/** The part of `text` a directive asks for, without mdBook's ANCHOR marker lines; null: the anchor is not there. */
export function selectLines(text: string, d: IncludeDirective): string | null {
  let lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  if (d.anchor) {
    const begin = lines.findIndex((l) => new RegExp(`\\bANCHOR:\\s*${d.anchor}\\b`).test(l));
    if (begin < 0) return null;
    const end = lines.findIndex((l, i) => i > begin && new RegExp(`\\bANCHOR_END:\\s*${d.anchor}\\b`).test(l));
    lines = lines.slice(begin + 1, end < 0 ? undefined : end);
  } else if (d.lines) {
    lines = lines.slice(d.lines.from - 1, d.lines.to);
  }
  return lines.filter((l) => !ANCHOR_LINE.test(l)).join('\n');
}

/** The served text for a directive: the lines as they are, or for `{* *}` a fenced block in the file's language. */
export function servedText(d: IncludeDirective, selected: string): string {
  if (d.kind !== 'fastapi') return selected;
  const lang = path.posix.extname(d.file).slice(1).replace(/^py$/, 'python');
  const fence = selected.includes('```') ? '~~~~' : '```';
  return `${fence}${lang}\n${selected}\n${fence}`;
}
