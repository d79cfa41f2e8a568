import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import path from 'node:path';

/**
 * mdBook's and GitBook's `SUMMARY.md` (issue #21 part 5): the chapters in reading order, each
 * with the title the book's navigation shows. Read with markdown-it, so only real links count
 * (draft chapters `[Title]()` and links elsewhere are left out). Paths are relative to the folder
 * holding SUMMARY.md.
 */
export function readSummary(text: string, summaryPath = 'SUMMARY.md'): { relPath: string; title: string }[] {
  const md = new MarkdownIt({ html: false, linkify: false });
  const out: { relPath: string; title: string }[] = [];
  const seen = new Set<string>();
  const base = path.posix.dirname(summaryPath);
  const visit = (tokens: Token[]) => {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type === 'inline' && t.children) visit(t.children);
      if (t.type !== 'link_open') continue;
      const href = String(t.attrGet('href') ?? '');
      let title = '';
      for (let j = i + 1; j < tokens.length && tokens[j]!.type !== 'link_close'; j++)
        if (tokens[j]!.type === 'text' || tokens[j]!.type === 'code_inline') title += tokens[j]!.content;
      if (!href || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) continue;
      let file = href.split('#')[0]!;
      try {
        file = decodeURI(file);
      } catch {
        // as written
      }
      const relPath = path.posix.normalize(path.posix.join(base, file)).replace(/^\.\//, '');
      if (relPath.startsWith('../') || seen.has(relPath)) continue;
      seen.add(relPath);
      out.push({ relPath, title: title.trim() });
    }
  };
  visit(md.parse(text, {}));
  return out;
}
