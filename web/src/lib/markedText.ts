/**
 * Search hits arrive as escaped text with `<mark>` around matches. They are turned back into
 * plain text pieces here and rendered as text nodes, so no server string is ever parsed as HTML.
 */
export interface MarkedPiece {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (m) => ENTITIES[m]!);

export function markedPieces(highlighted: string): MarkedPiece[] {
  return highlighted
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => {
      const marked = part.startsWith('<mark>') && part.endsWith('</mark>');
      // any other tag is not ours: drop it, keep only text
      const text = unescape((marked ? part.slice(6, -7) : part).replace(/<[^>]*>/g, ''));
      return { text, marked };
    });
}
