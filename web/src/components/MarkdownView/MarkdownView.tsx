import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { openingBlocks } from '../../lib/progressive.ts';
import { awaitsCallouts, loadCallouts, renderPageHtml } from '../../lib/renderPage.ts';
import { fillTocPlaceholders, needsRichBlocks } from './enhance.ts';
import 'highlight.js/styles/github.css';
import './MarkdownView.css';

interface Props {
  source: string;
  /** Heading of the `[TOC]` box. */
  tocTitle?: string;
  className?: string;
  style?: CSSProperties;
  /** Called after the HTML is in the DOM (rich blocks may still be loading). */
  onRendered?: (root: HTMLElement) => void;
}

const render = renderPageHtml;

/**
 * A page's Markdown, rendered through the shared pipeline and sanitised with DOMPurify; code
 * highlighting, mermaid and KaTeX are loaded only when the page holds code, diagrams or math. Long pages show their opening
 * blocks first and the rest one task later.
 */
function MarkdownView({ source, tocTitle = '', className, style, onRendered }: Props) {
  const opening = useMemo(() => openingBlocks(source), [source]);
  const partial = opening.length < source.length;
  // Bumped when the callouts arrive, to render the page again with them.
  const [calloutsVersion, setCalloutsVersion] = useState(0);
  const [full, setFull] = useState<{ source: string; html: string; calloutsVersion: number } | null>(null);
  const fullIsCurrent = full?.source === source && full.calloutsVersion === calloutsVersion;
  const openingHtml = useMemo(() => (fullIsCurrent ? '' : render(opening)), [opening, fullIsCurrent, calloutsVersion]); // eslint-disable-line react-hooks/exhaustive-deps
  const html = fullIsCurrent ? full.html : openingHtml;
  // Not complete while the callouts load: what depends on the layout (scrolling to #section) waits.
  const complete = (!partial || fullIsCurrent) && !awaitsCallouts(source);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!awaitsCallouts(source)) return;
    let cancelled = false;
    void loadCallouts().then(() => {
      if (!cancelled) setCalloutsVersion((v) => v + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [source]);

  useEffect(() => {
    if (!partial) return;
    // the frame callback runs before the opening blocks paint; the timeout after that paint
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setFull({ source, html: render(source), calloutsVersion }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [source, partial, calloutsVersion]);

  useEffect(() => {
    const root = ref.current;
    if (!root || !complete) return;
    fillTocPlaceholders(root, tocTitle);
    onRendered?.(root);
    if (!needsRichBlocks(root)) return;
    let cancelled = false;
    void import('../../lib/richBlocks.ts').then(({ enhanceRichBlocks }) => {
      if (!cancelled) void enhanceRichBlocks(root);
    });
    return () => {
      cancelled = true;
    };
  }, [html, complete, tocTitle, onRendered]);

  return <div ref={ref} className={`markdown-body ${className ?? ''}`} style={style} aria-busy={!complete} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default memo(MarkdownView);
