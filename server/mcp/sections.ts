import MarkdownIt from 'markdown-it';

/** Headings are found by markdown-it's block parser (its token line maps), not a regex: `#` lines inside code fences are not headings. */
const md = new MarkdownIt();

interface Heading {
  level: number;
  text: string;
  /** 0-based line range of the section: the heading line to the line before the next heading of the same or a higher level. */
  startLine: number;
  endLine: number;
}

function headingsOf(markdown: string): Heading[] {
  const tokens = md.parse(markdown, {});
  const found: Omit<Heading, 'endLine'>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading_open' && t.map) found.push({ level: Number(t.tag.slice(1)), text: (tokens[i + 1]?.content ?? '').trim(), startLine: t.map[0] });
  }
  const total = markdown.split('\n').length;
  return found.map((h, i) => {
    const next = found.slice(i + 1).find((o) => o.level <= h.level);
    return { ...h, endLine: next ? next.startLine : total };
  });
}

/** The section under the first heading whose text equals `heading` (case-insensitive, `#`s optional), or null. */
export function sectionOf(markdown: string, heading: string): string | null {
  const wanted = heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase();
  const h = headingsOf(markdown).find((x) => x.text.toLowerCase() === wanted);
  if (!h) return null;
  return markdown.split('\n').slice(h.startLine, h.endLine).join('\n');
}
