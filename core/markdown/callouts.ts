/**
 * Admonitions as the documentation generators write them, rendered as one kind of styled callout
 * (issue #21 part 6), so pages pushed from a Docusaurus, VitePress, MkDocs or GitHub repository
 * read as they do on that site. Rendering only: the stored Markdown is never rewritten.
 *
 * - `:::tip[Title]` / `::: tip Title` … `:::` (Docusaurus, VitePress; `::: details` folds) — markdown-it-container
 * - `/// note | Title` … `///` (pymdownx.blocks; `/// details` folds) — markdown-it-container, marker `/`
 * - `!!! note "Title"`, `??? note` (folded), `???+ note` (open), body indented by four (MkDocs) — a
 *   block rule below: no maintained markdown-it plugin reads the collapsible `???` forms.
 * - `> [!NOTE]` (GitHub alerts) — markdown-it-github-alerts, with the same class names.
 *
 * Every form renders `<div class="callout callout-TYPE"><p class="callout-title">…</p>…</div>`, or
 * `<details class="callout callout-TYPE"><summary class="callout-title">…</summary>…</details>`
 * for the folding ones. Titles are escaped text; the body is ordinary Markdown.
 */
import type { MarkdownIt as Md, StateBlock, Token } from 'markdown-it';
import container from 'markdown-it-container';
import githubAlerts from 'markdown-it-github-alerts';
import { escapeHtml } from './escape.ts';

/** Types with a colour of their own; any other word renders as a neutral `note`-like callout. */
export const CALLOUT_TYPES = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'question',
  'example',
  'quote',
  'abstract',
  'bug',
  'failure',
] as const;

const TYPE_ALIASES: Record<string, string> = {
  hint: 'tip',
  attention: 'warning',
  error: 'danger',
  secondary: 'note',
  summary: 'abstract',
  tldr: 'abstract',
  todo: 'info',
  check: 'success',
  done: 'success',
  help: 'question',
  faq: 'question',
  fail: 'failure',
  missing: 'failure',
  cite: 'quote',
  snippet: 'example',
};

// A type alias, not an interface: markdown-it's Token.meta is a Record<string, unknown>.
type CalloutMeta = {
  type: string;
  title: string;
  /** Folded (`<details>`); `open` when it starts unfolded. */
  fold?: 'closed' | 'open';
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const typeClass = (word: string) => {
  const lower = word.toLowerCase();
  return TYPE_ALIASES[lower] ?? lower.replace(/[^a-z0-9-]/g, '');
};

function openTag(meta: CalloutMeta): string {
  const cls = `callout callout-${typeClass(meta.type) || 'note'}`;
  const title = escapeHtml(meta.title);
  if (meta.fold) return `<details class="${cls}"${meta.fold === 'open' ? ' open' : ''}><summary class="callout-title">${title}</summary>\n`;
  return `<div class="${cls}">${title ? `<p class="callout-title">${title}</p>` : ''}\n`;
}
const closeTag = (meta: CalloutMeta) => (meta.fold ? '</details>\n' : '</div>\n');

// `:::tip`, `:::tip[My title]`, `::: tip My title`, `::: details Click me`.
const COLON_PARAMS = /^\s*([A-Za-z][\w-]*)\s*(?:\[(.*)\])?\s*(.*)$/;
// `/// note | My title`, `/// details | Summary`, `/// admonition | Title` with `type: tip` left as text.
const SLASH_PARAMS = /^\s*([A-Za-z][\w-]*)\s*(?:\|\s*(.*))?$/;
const COLON_TYPES = new Set(['tip', 'note', 'info', 'warning', 'danger', 'caution', 'important', 'details', 'success', 'secondary']);
const SLASH_TYPES = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'details',
  'admonition',
  'attention',
  'error',
  'hint',
  'success',
  'question',
  'example',
  'quote',
  'abstract',
  'bug',
  'failure',
]);

function colonMeta(params: string): CalloutMeta | null {
  const m = COLON_PARAMS.exec(params);
  if (!m || !COLON_TYPES.has(m[1]!.toLowerCase())) return null;
  const type = m[1]!.toLowerCase();
  const title = (m[2] ?? m[3] ?? '').trim() || capitalize(type);
  return type === 'details' ? { type: 'note', title, fold: 'closed' } : { type, title };
}

function slashMeta(params: string): CalloutMeta | null {
  const m = SLASH_PARAMS.exec(params);
  if (!m || !SLASH_TYPES.has(m[1]!.toLowerCase())) return null;
  const type = m[1]!.toLowerCase();
  const title = (m[2] ?? '').trim() || capitalize(type === 'admonition' ? 'note' : type);
  if (type === 'details') return { type: 'note', title, fold: 'closed' };
  return { type: type === 'admonition' ? 'note' : type, title };
}

const OPENERS: Record<string, (token: Token) => CalloutMeta | null> = {
  container_callout_colon_open: (t) => colonMeta(t.info),
  container_callout_slash_open: (t) => slashMeta(t.info),
  alert_open: (t) => ({ type: String(t.meta?.type ?? 'note'), title: String(t.meta?.title ?? '') }),
  mkdocs_admonition_open: (t) => t.meta as CalloutMeta | null,
};
const CLOSERS = new Set(['container_callout_colon_close', 'container_callout_slash_close', 'alert_close', 'mkdocs_admonition_close']);

/**
 * The callout a token opens or closes, whichever syntax wrote it (set by the `callout_meta` core
 * rule): the renderers below and the Word exporter read this instead of each syntax's own tokens.
 */
export function calloutOf(token: Token): { meta: CalloutMeta; opens: boolean } | null {
  const meta = (token.meta as { callout?: CalloutMeta } | null)?.callout;
  return meta ? { meta, opens: token.nesting === 1 } : null;
}

/** Gives every callout's opening and closing token `meta.callout`, closers matched by nesting. */
function annotate(tokens: Token[]): void {
  const open: CalloutMeta[] = [];
  for (const token of tokens) {
    const opener = OPENERS[token.type];
    if (opener) {
      const meta = opener(token) ?? { type: 'note', title: '' };
      open.push(meta);
      token.meta = { ...token.meta, callout: meta };
    } else if (CLOSERS.has(token.type)) {
      token.meta = { ...token.meta, callout: open.pop() ?? { type: 'note', title: '' } };
    }
  }
}

const renderOpen = (tokens: Token[], idx: number) => openTag(calloutOf(tokens[idx]!)!.meta);
const renderClose = (tokens: Token[], idx: number) => closeTag(calloutOf(tokens[idx]!)!.meta);

// MkDocs Material's types, lower case as written there: `!!! Do not delete` in an older page stays text.
const MKDOCS_TYPES = new Set([
  'note',
  'abstract',
  'summary',
  'tldr',
  'info',
  'todo',
  'tip',
  'hint',
  'important',
  'success',
  'check',
  'done',
  'question',
  'help',
  'faq',
  'warning',
  'caution',
  'attention',
  'failure',
  'fail',
  'missing',
  'danger',
  'error',
  'bug',
  'example',
  'snippet',
  'quote',
  'cite',
]);
// `!!! note`, `!!! warning "Title"`, `!!! tip ""` (no title), `??? note`, `???+ note "Title"`.
const MKDOCS_START = /^(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)(?:[ \t]+[\w -]*?)?(?:[ \t]+"(.*)")?[ \t]*$/;

/** MkDocs admonitions: the marker line, then every following line indented four more (blank lines inside). */
function mkdocsAdmonition(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const first = state.src.charCodeAt(start);
  if (first !== 0x21 /* ! */ && first !== 0x3f /* ? */) return false;
  const m = MKDOCS_START.exec(state.src.slice(start, state.eMarks[startLine]!));
  if (!m || !MKDOCS_TYPES.has(m[2]!)) return false;
  if (silent) return true;

  const bodyIndent = state.sCount[startLine]! + 4;
  let next = startLine + 1;
  let lastContent = startLine;
  for (; next < endLine; next++) {
    const empty = state.bMarks[next]! + state.tShift[next]! >= state.eMarks[next]!;
    if (empty) continue;
    if (state.sCount[next]! < bodyIndent) break;
    lastContent = next;
  }
  const end = lastContent + 1;
  const type = m[2]!;
  const meta: CalloutMeta = {
    type,
    title: m[3] !== undefined ? m[3] : capitalize(type),
    ...(m[1] === '!!!' ? {} : { fold: m[1] === '???+' ? 'open' : 'closed' }),
  };

  const openToken = state.push('mkdocs_admonition_open', 'div', 1);
  openToken.block = true;
  openToken.meta = meta;
  openToken.map = [startLine, end];

  const oldParent = state.parentType;
  const oldIndent = state.blkIndent;
  const oldLineMax = state.lineMax;
  state.parentType = 'admonition' as typeof state.parentType;
  state.blkIndent = bodyIndent;
  state.lineMax = end;
  state.md.block.tokenize(state, startLine + 1, end);
  state.parentType = oldParent;
  state.blkIndent = oldIndent;
  state.lineMax = oldLineMax;

  const closeToken = state.push('mkdocs_admonition_close', 'div', -1);
  closeToken.block = true;
  state.line = end;
  return true;
}

export function calloutsPlugin(md: Md): void {
  md.use(container, 'callout_colon', { marker: ':', validate: (params: string) => colonMeta(params) !== null });
  md.use(container, 'callout_slash', { marker: '/', validate: (params: string) => slashMeta(params) !== null });
  md.block.ruler.before('fence', 'mkdocs_admonition', mkdocsAdmonition, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  // GitHub's five alert types; its own renderer does not escape the title, so ours replaces it.
  md.use(githubAlerts, { classPrefix: 'callout' });
  md.core.ruler.push('callout_meta', (state) => annotate(state.tokens));
  for (const name of ['container_callout_colon', 'container_callout_slash', 'alert', 'mkdocs_admonition']) {
    md.renderer.rules[`${name}_open`] = renderOpen;
    md.renderer.rules[`${name}_close`] = renderClose;
  }
}
