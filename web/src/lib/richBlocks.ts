/**
 * Heavy renderers the reader needs only for some pages: code highlighting (highlight.js), mermaid
 * diagrams and KaTeX math. Each is
 * pulled in with a dynamic import the first time a page contains it, so the reader's own bundle
 * stays small.
 */
import { purifier } from './purify.ts';

/** What the shared pipeline emits for ```mermaid blocks (either form is accepted). */
const MERMAID_SELECTOR = 'pre.mermaid, div.mermaid, pre > code.language-mermaid';
const MATH_SELECTOR = '.math-inline, .math-block';

let mermaidReady: Promise<typeof import('mermaid').default> | null = null;

function loadMermaid() {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
    // strict: labels are sanitised and click callbacks ignored; no HTML labels at all, so the
    // output is pure SVG that DOMPurify's SVG profile can vet once more.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', htmlLabels: false, flowchart: { htmlLabels: false } });
    return mermaid;
  });
  return mermaidReady;
}

let seq = 0;

async function renderMermaid(root: HTMLElement): Promise<void> {
  const blocks = Array.from(root.querySelectorAll<HTMLElement>(MERMAID_SELECTOR));
  if (!blocks.length) return;
  const mermaid = await loadMermaid();
  for (const block of blocks) {
    const host = block.tagName === 'CODE' ? block.parentElement! : block;
    if (!host.isConnected) continue;
    const source = block.textContent ?? '';
    try {
      const { svg } = await mermaid.render(`folio-mermaid-${++seq}`, source);
      const figure = document.createElement('div');
      figure.className = 'md-mermaid';
      figure.innerHTML = purifier().sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } }) as string;
      host.replaceWith(figure);
    } catch {
      host.classList.add('md-mermaid-error');
    } finally {
      // mermaid leaves a scratch element behind when a diagram fails to parse
      document.getElementById(`dfolio-mermaid-${seq}`)?.remove();
    }
  }
}

let katexReady: Promise<typeof import('katex').default> | null = null;

function loadKatex() {
  katexReady ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => m.default);
  return katexReady;
}

async function renderMath(root: HTMLElement): Promise<void> {
  const nodes = Array.from(root.querySelectorAll<HTMLElement>(MATH_SELECTOR));
  if (!nodes.length) return;
  const katex = await loadKatex();
  for (const el of nodes) {
    if (!el.isConnected) continue;
    // trust:false keeps \href{javascript:…} and \htmlData from producing live markup
    katex.render(el.textContent ?? '', el, {
      displayMode: el.classList.contains('math-block') || el.classList.contains('math-display'),
      throwOnError: false,
      trust: false,
      strict: 'ignore',
    });
  }
}

/** Fenced code with a language, as the pipeline emits it (escaped text until highlighted). */
const CODE_SELECTOR = 'pre > code[class*="language-"]:not([data-highlighted])';

async function highlightCodeBlocks(root: HTMLElement): Promise<void> {
  const blocks = Array.from(root.querySelectorAll<HTMLElement>(CODE_SELECTOR));
  if (!blocks.length) return;
  const { highlightCode } = await import('@core/markdown/highlight');
  for (const code of blocks) {
    if (!code.isConnected) continue;
    const lang = /language-(\S+)/.exec(code.className)?.[1] ?? '';
    const html = highlightCode(code.textContent ?? '', lang);
    code.dataset.highlighted = '1';
    // highlight.js escapes the code itself; the sanitiser still only lets its <span class> through
    if (html != null) code.innerHTML = purifier().sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] }) as string;
  }
}

/** Highlights code and renders any diagrams and math inside freshly rendered Markdown. */
export async function enhanceRichBlocks(root: HTMLElement): Promise<void> {
  await Promise.all([highlightCodeBlocks(root), renderMermaid(root), renderMath(root)]);
}
