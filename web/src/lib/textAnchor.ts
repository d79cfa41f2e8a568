/**
 * Inline-comment anchors over the RENDERED page: a quote plus up to CONTEXT characters of text
 * either side, and the way back from such an anchor to a DOM Range. Offsets are counted over the
 * concatenated text nodes of the page (what `Range.toString()` also counts), so an anchor made
 * here finds its text again, whatever elements the sanitised HTML wraps it in.
 */
import { locateAnchor, type CommentAnchor } from '@core/commentAnchor';

export const CONTEXT = 32;

interface TextMap {
  text: string;
  nodes: Text[];
  /** Offset in `text` where each of `nodes` starts. */
  starts: number[];
}

function textMap(root: HTMLElement): TextMap {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(text.length);
    text += (node as Text).data;
  }
  return { text, nodes, starts };
}

/** Offset in the map's text of a (container, offset) boundary point of a Range. */
function offsetOf(map: TextMap, root: HTMLElement, container: Node, offset: number): number {
  if (container.nodeType === Node.TEXT_NODE) {
    const i = map.nodes.indexOf(container as Text);
    return i < 0 ? -1 : map.starts[i]! + offset;
  }
  // An element boundary: count the text before it.
  const probe = root.ownerDocument.createRange();
  probe.setStart(root, 0);
  probe.setEnd(container, offset);
  return probe.toString().length;
}

/** The anchor of a selection inside `root`, or null when it is empty or reaches outside. */
export function anchorFromRange(root: HTMLElement, range: Range): CommentAnchor | null {
  if (range.collapsed || !root.contains(range.commonAncestorContainer)) return null;
  const map = textMap(root);
  const start = offsetOf(map, root, range.startContainer, range.startOffset);
  const end = offsetOf(map, root, range.endContainer, range.endOffset);
  if (start < 0 || end <= start) return null;
  const raw = map.text.slice(start, end);
  // Leading and trailing blanks are not part of what the reader meant to quote.
  const lead = raw.length - raw.trimStart().length;
  const quote = raw.trim();
  if (!quote) return null;
  const from = start + lead;
  const to = from + quote.length;
  return { quote, prefix: map.text.slice(Math.max(0, from - CONTEXT), from), suffix: map.text.slice(to, to + CONTEXT) };
}

/**
 * Where the anchor's quote is in `text`, as offsets of `text`: the server's rule (core/commentAnchor.ts,
 * blanks ignored, equal quotes told apart by prefix and suffix) applied to the rendered text; null
 * when the quote is gone (the thread is outdated).
 */
export function locateQuote(text: string, anchor: CommentAnchor): { start: number; end: number } | null {
  const place = locateAnchor(anchor, text);
  if (place.outdated) return null;
  // The text without blanks, and where each of its characters is in `text`.
  let flat = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    flat += text[i];
    at.push(i);
  }
  const quote = anchor.quote.replace(/\s+/g, '');
  let hit = -1;
  for (let n = 0; n <= place.occurrence; n++) hit = flat.indexOf(quote, hit + 1);
  if (hit < 0) return null;
  return { start: at[hit]!, end: at[hit + quote.length - 1]! + 1 };
}

/** The DOM Range of the anchor's quote in the rendered page, or null when the text is gone. */
export function rangeOfAnchor(root: HTMLElement, anchor: CommentAnchor): Range | null {
  const map = textMap(root);
  const found = locateQuote(map.text, anchor);
  if (!found) return null;
  const { start, end } = found;
  const range = root.ownerDocument.createRange();
  const place = (offset: number, isEnd: boolean) => {
    // the last node starting at or before the offset (for an end, strictly before it)
    let i = map.starts.length - 1;
    while (i > 0 && (isEnd ? map.starts[i]! >= offset : map.starts[i]! > offset)) i--;
    const node = map.nodes[i]!;
    const within = Math.min(offset - map.starts[i]!, node.data.length);
    if (isEnd) range.setEnd(node, within);
    else range.setStart(node, within);
  };
  place(start, false);
  place(end, true);
  return range;
}

const HIGHLIGHT = 'folio-comment';

/**
 * Marks the range with the CSS Custom Highlight API (`::highlight(folio-comment)`): the page's
 * sanitised DOM is left as it is, nothing is wrapped. Null clears the mark. Browsers without the
 * API simply show no mark.
 */
export function highlightRange(range: Range | null): void {
  const registry = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight;
  if (!registry || !Highlight) return;
  if (range) registry.set(HIGHLIGHT, new Highlight(range));
  else registry.delete(HIGHLIGHT);
}
