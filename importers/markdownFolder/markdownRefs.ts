import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Md, StateInline, Token } from 'markdown-it';

/**
 * Finds the destinations of a Markdown page's links and images with markdown-it's own parser (the
 * one VitePress uses), so only what Markdown really treats as a link counts: inline links and
 * images, reference definitions, and the `src`/`href` of HTML tags (inline or block). Code blocks,
 * indented code and code spans produce no link tokens, so examples are never touched. markdown-it
 * does not record where an inline token sits in the file; the link, image and inline-HTML rules
 * are wrapped to note the offset of the destination in the inline text, which is then mapped back
 * to the file through the block's line map.
 */
export interface MarkdownDestination {
  start: number;
  end: number;
  url: string;
}

interface DestMeta {
  /** Offsets in the inline token's content: of the destination (link/image), or of the tag (HTML). */
  destStart?: number;
  destEnd?: number;
  tagStart?: number;
}

const HTML_ATTR = /(<(?:img|a|source|video|audio|link)\b[^>]*?\s(?:src|href)\s*=\s*)("[^"]*"|'[^']*')/gi;
const DEFINITION = /^[ \t>]*\[(?:\\.|[^\\\]])+\]:[ \t]*(?:\r?\n[ \t>]*)?(<[^<>\n]*>|\S+)/;

type InlineRule = (state: StateInline, silent: boolean) => boolean;
interface RuleEntry {
  name: string;
  fn: InlineRule;
}

let parser: Md | null = null;

function meta(token: Token): DestMeta {
  token.meta = token.meta ?? {};
  return token.meta as DestMeta;
}

/** markdown-it with its link, image and inline-HTML rules noting where each destination lies. */
function markdownParser(): Md {
  if (parser) return parser;
  const md = new MarkdownIt({ html: true, linkify: false });
  // Reference definitions are kept as tokens (with their lines) instead of being dropped after parsing.
  md.core.ruler.disable('strip_references');
  const rules = (md.inline.ruler as unknown as { __rules__: RuleEntry[] }).__rules__;
  const original = (name: string) => rules.find((r) => r.name === name)!.fn;
  for (const name of ['link', 'image']) {
    const fn = original(name);
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      const before = state.tokens.length;
      if (!fn(state, silent)) return false;
      // Text pending before the link is pushed first: the rule's own token is the first of its type.
      const token = state.tokens.slice(before).find((t) => t.type === (name === 'link' ? 'link_open' : 'image'));
      if (silent || !token) return true;
      // `[label](dest …)` / `![alt](dest …)`: the label as the rule found it, then the destination.
      const labelEnd = state.md.helpers.parseLinkLabel(state, start + (name === 'image' ? 1 : 0), name === 'link');
      let pos = labelEnd + 1;
      if (labelEnd >= 0 && state.src.charCodeAt(pos) === 0x28 /* ( */) {
        pos++;
        while (pos < state.posMax && /[ \t\n]/.test(state.src[pos]!)) pos++;
        const dest = state.md.helpers.parseLinkDestination(state.src, pos, state.posMax);
        if (dest.ok) {
          const m = meta(token);
          const bracketed = state.src[pos] === '<';
          m.destStart = pos + (bracketed ? 1 : 0);
          m.destEnd = dest.pos - (bracketed ? 1 : 0);
        }
      }
      return true;
    });
  }
  const html = original('html_inline');
  md.inline.ruler.at('html_inline', (state, silent) => {
    const start = state.pos;
    const before = state.tokens.length;
    if (!html(state, silent)) return false;
    const token = state.tokens.slice(before).find((t) => t.type === 'html_inline');
    if (!silent && token) meta(token).tagStart = start;
    return true;
  });
  parser = md;
  return md;
}

/** Line starts of the file text, and of every line its text (the `\r` of CRLF stays with its line). */
function lineIndex(text: string): { starts: number[]; lines: string[] } {
  const lines = text.split('\n');
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  return { starts, lines };
}

/**
 * The file offset of `offset` in a block's content whose lines start at file line `firstLine`:
 * each content line is the file line with its container prefix (indent, `> `, list marker)
 * removed, and trimmed at the ends, so it is found in the file line as its trimmed tail, else the
 * first place it occurs.
 */
function fileOffset(content: string, firstLine: number, offset: number, index: { starts: number[]; lines: string[] }): number | null {
  const upTo = content.slice(0, offset);
  const lineNo = upTo.split('\n').length - 1;
  const col = offset - (upTo.lastIndexOf('\n') + 1);
  const contentLine = content.split('\n')[lineNo]!.trimEnd();
  const fileLine = index.lines[firstLine + lineNo];
  if (fileLine === undefined) return null;
  const trimmed = fileLine.trimEnd();
  let at = trimmed.endsWith(contentLine) ? trimmed.length - contentLine.length : -1;
  if (at < 0) at = fileLine.indexOf(contentLine);
  if (at < 0) return null;
  return index.starts[firstLine + lineNo]! + at + col;
}

/** Every link and image destination of `text` that markdown-it parses as one, with its place in the file. */
export function markdownDestinations(text: string): MarkdownDestination[] {
  const md = markdownParser();
  const tokens = md.parse(text, {});
  const index = lineIndex(text);
  const out: MarkdownDestination[] = [];
  const add = (start: number | null, url: string) => {
    if (start === null || text.slice(start, start + url.length) !== url) return;
    out.push({ start, end: start + url.length, url });
  };
  const htmlIn = (content: string, at: (offset: number) => number | null) => {
    for (const m of content.matchAll(HTML_ATTR)) {
      const quoted = m[2]!;
      add(at(m.index + m[1]!.length + 1), quoted.slice(1, -1));
    }
  };
  // Table cells carry no line map: they are found in their row's line, left to right.
  let row: { line: number; cursor: number } | null = null;
  for (const block of tokens) {
    if (block.type === 'tr_open' && block.map) row = { line: block.map[0], cursor: index.starts[block.map[0]]! };
    if (block.type === 'inline' && !block.map && row && block.children) {
      const base = text.indexOf(block.content, row.cursor);
      const lineEnd = index.starts[row.line + 1] ?? text.length;
      if (base < 0 || base >= lineEnd) continue;
      row.cursor = base + block.content.length;
      inlineRefs(block, (offset) => base + offset);
      continue;
    }
    if (!block.map) continue;
    const first = block.map[0];
    if (block.type === 'reference_definition') {
      const from = index.starts[first]!;
      const until = index.starts[block.map[1]] ?? text.length;
      const m = DEFINITION.exec(text.slice(from, until));
      if (m) {
        const raw = m[1]!;
        const url = raw.startsWith('<') ? raw.slice(1, -1) : raw;
        add(from + m[0].length - raw.length + (raw.startsWith('<') ? 1 : 0), url);
      }
      continue;
    }
    if (block.type === 'html_block') {
      htmlIn(block.content, (offset) => fileOffset(block.content, first, offset, index));
      continue;
    }
    if (block.type !== 'inline' || !block.children) continue;
    inlineRefs(block, (offset) => fileOffset(block.content, first, offset, index));
  }
  function inlineRefs(block: Token, at: (offset: number) => number | null): void {
    // Only the block's own children: an image's alt text is parsed apart (its links are text).
    for (const child of block.children ?? []) {
      const m = child.meta as DestMeta | null;
      if (!m) continue;
      if ((child.type === 'link_open' || child.type === 'image') && m.destStart !== undefined && m.destEnd !== undefined) {
        add(at(m.destStart), block.content.slice(m.destStart, m.destEnd));
      } else if (child.type === 'html_inline' && m.tagStart !== undefined) {
        const tagStart = m.tagStart;
        htmlIn(child.content, (offset) => at(tagStart + offset));
      }
    }
  }
  const seen = new Set<number>();
  return out.sort((a, b) => a.start - b.start).filter((r) => !seen.has(r.start) && seen.add(r.start));
}
