import { createRequire } from 'node:module';
import type { MarkdownIt as Md, Token } from 'markdown-it';

/** What may make a heading's Markdown differ from its text: escapes, code, emphasis, links, HTML, entities. */
const MARKUP = /[\\`*_[<&]/;
let parser: Md | undefined;

/**
 * The text a Markdown heading shows, as its title: `\<script setup>` is `<script setup>`,
 * `` `ref()` `` is `ref()`, `[Vite](https://vite.dev)` is `Vite`, inline HTML (`<br>`) is left out.
 * markdown-it (with HTML on, as VitePress and Docusaurus parse) loads only for a heading with markup.
 */
export function headingText(source: string): string {
  if (!MARKUP.test(source)) return source;
  parser ??= new (createRequire(import.meta.url)('markdown-it') as new (preset: string, options: object) => Md)('commonmark', { html: true });
  const text = plainText(parser.parseInline(source, {})[0]?.children ?? [])
    .replace(/\s+/g, ' ')
    .trim();
  return text || source;
}

function plainText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'code_inline') out += t.content;
    else if (t.type === 'image') out += plainText(t.children ?? []);
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += ' ';
  }
  return out;
}
