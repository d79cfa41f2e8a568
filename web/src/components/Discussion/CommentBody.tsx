import { memo, useMemo } from 'react';
import { renderPageHtml } from '../../lib/renderPage.ts';

/** A comment's Markdown through the pages' own pipeline and DOMPurify configuration. */
function CommentBody({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderPageHtml(markdown), [markdown]);
  return <div className="markdown-body cm-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default memo(CommentBody);
