/**
 * The text a reader sees for some Markdown: rendered and sanitised by the pages' pipeline, then
 * read as text (never inserted into the page). Best effort for a fragment cut out of a page.
 */
import type { CommentAnchor } from '../api/comment.ts';
import { renderPageHtml } from './renderPage.ts';
import { CONTEXT } from './textAnchor.ts';

function markdownToText(markdown: string): string {
  const doc = new DOMParser().parseFromString(renderPageHtml(markdown), 'text/html');
  return doc.body.textContent ?? '';
}

/** How much Markdown source either side is read to find the rendered context. */
export const SOURCE_CONTEXT = 200;

/** An inline-comment anchor for Markdown selected in the editor: quote and context as the page will render them. */
export function anchorFromMarkdown(selection: { text: string; before: string; after: string }): CommentAnchor | null {
  const quote = markdownToText(selection.text).trim();
  if (!quote) return null;
  // Rendering trims a fragment's ends: the blank between the context and the quote is put back.
  const before = markdownToText(selection.before).trimEnd() + (/\s$/.test(selection.before) ? ' ' : '');
  const after = (/^\s/.test(selection.after) ? ' ' : '') + markdownToText(selection.after).trimStart();
  return { quote, prefix: before.slice(-CONTEXT), suffix: after.slice(0, CONTEXT) };
}
