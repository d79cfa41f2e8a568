import { FormatError } from '../errors.ts';
import { headingText } from './headingText.ts';
import { yaml } from './lazyYaml.ts';
import { CUSTOM_ID } from '../../core/markdown/headingIds.ts';

/**
 * Front matter and the first H1 of a Markdown page file: shared by `docs push` (cli/sync/) and
 * the web import of a Markdown zip (importers/showdocZip.ts), so both read a file the same way.
 * A file that cannot be read throws FormatError whose message starts `<file>:<line>: `.
 */
/** What a Markdown file says about itself: front matter fields the CLI understands, and the body that becomes page content. */
export interface ParsedMarkdown {
  title?: string;
  order?: number;
  body: string;
  /** Everything before the body exactly as written (BOM, fences, line ends): only the BOM when there is no front matter, null without either. */
  head: string | null;
}

export const OPEN = /^---[ \t]*\r?\n/;
export const CLOSE = /^---[ \t]*$/m;

/** Splits `---\n yaml \n---\n body`; bad YAML fails with the file and the line. */
export function parseMarkdownFile(text: string, file: string): ParsedMarkdown {
  // A UTF-8 byte-order mark (common from Windows editors) does not hide the front matter.
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const open = OPEN.exec(text.slice(bom.length));
  if (!open) return bom ? { body: text.slice(bom.length), head: bom } : { body: text, head: null };
  const rest = text.slice(bom.length + open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) throw new FormatError(`${file}:1: front matter starts with --- but has no closing --- line`);
  const yamlText = rest.slice(0, close.index);
  let body = rest.slice(close.index + close[0].length);
  body = body.replace(/^\r?\n/, '');
  const head = text.slice(0, text.length - body.length);
  const data = simpleFrontMatter(yamlText) ?? parseYamlFrontMatter(yamlText, file);
  if (data === null || data === undefined) return { body, head };
  if (typeof data !== 'object' || Array.isArray(data)) throw new FormatError(`${file}:2: bad front matter: expected "key: value" lines`);
  const fields = data as Record<string, unknown>;
  const out: ParsedMarkdown = { body, head };
  if (fields.title !== undefined && fields.title !== null) {
    if (typeof fields.title !== 'string' && typeof fields.title !== 'number') throw new FormatError(`${file}: front matter title must be text`);
    const title = String(fields.title).trim();
    if (title) out.title = title;
  }
  if (fields.order !== undefined && fields.order !== null) {
    const n = Number(fields.order);
    if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) throw new FormatError(`${file}: front matter order must be a whole number`);
    out.order = n;
  }
  return out;
}

/** The YAML parser, with errors naming the file and the line in the file (+1 for the opening fence). */
function parseYamlFrontMatter(yamlText: string, file: string): unknown {
  try {
    return yaml().parse(yamlText);
  } catch (err) {
    if (err instanceof yaml().YAMLParseError) {
      const line = (err.linePos?.[0]?.line ?? 1) + 1;
      throw new FormatError(`${file}:${line}: bad front matter: ${err.message.split('\n')[0]}`);
    }
    throw err;
  }
}

const SIMPLE_LINE = /^([A-Za-z_][\w-]*):(?:[ \t]+(.*?))?[ \t]*$/;
const PLAIN_SCALAR = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^#]*$/;

/**
 * Plain `key: value` lines read without the YAML parser (it costs about a millisecond a file,
 * which a 1,000-file push notices). Answers undefined for anything beyond the simple case, and
 * the real parser decides.
 */
function simpleFrontMatter(text: string): Record<string, unknown> | null | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = SIMPLE_LINE.exec(line);
    if (!m) return undefined;
    const raw = m[2] ?? '';
    if (raw && (!PLAIN_SCALAR.test(raw) || raw.includes(': '))) return undefined;
    any = true;
    if (raw === '' || raw === '~' || raw === 'null') out[m[1]!] = null;
    else if (/^-?(0|[1-9]\d*)$/.test(raw)) out[m[1]!] = Number(raw);
    else if (/^(true|false|yes|no|on|off|[+-]?\.?\d)/i.test(raw)) return undefined;
    else out[m[1]!] = raw;
  }
  return any ? out : null;
}

/** The first `# Heading` outside fenced code, or undefined. */
export function firstHeading(body: string): string | undefined {
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const f = /^\s*(```|~~~)/.exec(line);
    if (f) {
      if (!fence) fence = f[1]!;
      else if (f[1] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const h = /^#[ \t]+(.+?)[ \t]*#*[ \t]*\r?$/.exec(line);
    if (h) return headingText(stripHeadingId(h[1]!).trim());
  }
  return undefined;
}

/** A custom heading id (`## Setup {#setup}`, MkDocs `{ #setup }`) is not part of the text: the renderer's own rule. */
function stripHeadingId(heading: string): string {
  return heading.replace(CUSTOM_ID, '');
}
