import { CLOSE, firstHeading, OPEN, parseMarkdownFile as parseShared, type ParsedMarkdown } from '../../importers/markdownFolder/frontMatter.ts';
import { yaml } from '../../importers/markdownFolder/lazyYaml.ts';
import { asCliFailure } from './formatFailure.ts';

export type { ParsedMarkdown } from '../../importers/markdownFolder/frontMatter.ts';

/** Splits `---\n yaml \n---\n body` (importers/markdownFolder/frontMatter.ts); bad YAML fails with the file and the line. */
export function parseMarkdownFile(text: string, file: string): ParsedMarkdown {
  return asCliFailure(() => parseShared(text, file));
}

/**
 * The file for a page: its front matter exactly as pushed (`head`) and its body. Only when the
 * server's title or order differ from what the file would say (a rename or reorder in the web UI)
 * are those two keys set in the YAML, leaving every other key, comment and style as written.
 * `navTitle`: the title SUMMARY.md gives the page, which a file without a front-matter title has.
 */
export function renderPageFile(
  page: { title: string; order: number; body: string; head: string | null },
  fileTitle: string,
  defaultOrder: number,
  navTitle?: string,
): string {
  const head = page.head ?? '';
  // A head may be only a byte-order mark (a file without front matter): it goes first, as written.
  const bom = head === '\uFEFF' ? head : '';
  const block = head.slice(bom.length);
  const parsed = block ? parseMarkdownFile(head + page.body, fileTitle) : { body: page.body, head: null, title: undefined, order: undefined };
  // SUMMARY.md's title (cli/sync/layouts/nav.ts) comes before the H1, as on the push.
  const impliedTitle = parsed.title ?? navTitle ?? firstHeading(page.body) ?? fileTitle;
  const impliedOrder = parsed.order ?? defaultOrder;
  const fields: Record<string, unknown> = {};
  if (page.title !== impliedTitle) fields.title = page.title;
  if (page.order !== impliedOrder) fields.order = page.order;
  if (!Object.keys(fields).length) {
    // Body text starting like front matter needs an (empty) block of its own to stay body text.
    if (!block && OPEN.test(page.body)) return `${bom}---\n---\n${page.body}`;
    return head + page.body;
  }
  if (!block) return `${bom}---\n${yaml().stringify(fields)}---\n${page.body}`;
  return setFrontMatterKeys(head, fields) + page.body;
}

/** Sets keys in a front-matter block through the YAML document model (comments and other keys stay). */
function setFrontMatterKeys(head: string, fields: Record<string, unknown>): string {
  const bom = head.startsWith('\uFEFF') ? '\uFEFF' : '';
  const open = OPEN.exec(head.slice(bom.length))!;
  const rest = head.slice(bom.length + open[0].length);
  const close = CLOSE.exec(rest)!;
  const eol = open[0].endsWith('\r\n') ? '\r\n' : '\n';
  const doc = yaml().parseDocument(rest.slice(0, close.index));
  for (const [k, v] of Object.entries(fields)) doc.set(k, v);
  let yamlText = doc.toString();
  if (eol === '\r\n') yamlText = yamlText.replace(/\r?\n/g, '\r\n');
  return `${bom}${open[0]}${yamlText}${rest.slice(close.index)}`;
}
