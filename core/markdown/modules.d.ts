// Ambient types for markdown-it plugins that ship none.
declare module 'markdown-it-task-lists' {
  import type MarkdownIt from 'markdown-it';
  const taskLists: (md: MarkdownIt, opts?: { enabled?: boolean; label?: boolean; labelAfter?: boolean }) => void;
  export default taskLists;
}
declare module 'markdown-it-footnote' {
  import type MarkdownIt from 'markdown-it';
  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}
declare module 'markdown-it-container' {
  import type MarkdownIt from 'markdown-it';
  import type { Token } from 'markdown-it';
  const container: (
    md: MarkdownIt,
    name: string,
    opts?: {
      marker?: string;
      validate?: (params: string, markup: string) => boolean;
      render?: (tokens: Token[], idx: number, options: unknown, env: unknown, self: unknown) => string;
    },
  ) => void;
  export default container;
}
