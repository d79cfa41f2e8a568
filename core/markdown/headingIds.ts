import type { MarkdownIt as Md } from 'markdown-it';

// `{#id}` (VitePress, Docusaurus) and attr_list's `{ #id }` / `{ #id .class }` (MkDocs): only the id is used.
export const CUSTOM_ID = /[ \t]*\{[ \t]*#([^\s{}]+)(?:[ \t]+[.\w][^{}]*)?[ \t]*\}[ \t]*$/;

/**
 * Custom heading ids, `## Setup {#setup}` (VitePress, Docusaurus) or `## Setup { #setup }` (MkDocs
 * attr_list): the suffix becomes the heading's id (which uniqueHeadingIds keeps) and leaves its
 * text, so links written for the docs site (`./guide.md#setup`) find the same heading here. Only
 * at the end of a heading: braces anywhere else stay text.
 */
export function headingIdsPlugin(md: Md): void {
  md.core.ruler.before('heading_unique_ids', 'heading_custom_id', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (tokens[i]!.type !== 'heading_open') continue;
      const inline = tokens[i + 1]!;
      const last = inline.children?.[inline.children.length - 1];
      if (!last || last.type !== 'text') continue;
      const m = CUSTOM_ID.exec(last.content);
      if (!m) continue;
      last.content = last.content.slice(0, m.index);
      inline.content = inline.content.replace(CUSTOM_ID, '');
      tokens[i]!.attrSet('id', m[1]!);
    }
  });
}
