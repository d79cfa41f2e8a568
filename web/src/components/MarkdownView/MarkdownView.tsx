import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { openingBlocks } from '../../lib/progressive.ts';
import { renderPageHtml } from '../../lib/renderPage.ts';
import { installCalloutStyle } from './calloutStyle.ts';
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
installCalloutStyle();

/**
 * A page's Markdown, rendered through the shared pipeline and sanitised with DOMPurify; code
 * highlighting, mermaid and KaTeX are loaded only when the page holds code, diagrams or math. Long pages show their opening
 * blocks first and the rest one task later.
 */
function MarkdownView({ source, tocTitle = '', className, style, onRendered }: Props) {
  const opening = useMemo(() => openingBlocks(source), [source]);
  const partial = opening.length < source.length;
  const [full, setFull] = useState<{ source: string; html: string } | null>(null);
  const openingHtml = useMemo(() => (full?.source === source ? '' : render(opening)), [opening, full, source]);
  const html = full?.source === source ? full.html : openingHtml;
  const complete = !partial || full?.source === source;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!partial) return;
    // the frame callback runs before the opening blocks paint; the timeout after that paint
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setFull({ source, html: render(source) }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [source, partial]);

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
