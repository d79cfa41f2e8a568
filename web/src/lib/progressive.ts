/**
 * Long pages render in two steps: the opening blocks at once (the reader sees the first screen
 * immediately), then the whole page in the next task. These helpers pick the cut.
 */

/** Pages shorter than this render in one go. */
export const PROGRESSIVE_MIN_CHARS = 30_000;
/** Roughly how much Markdown the first step renders (more than a screenful). */
const FIRST_STEP_CHARS = 8_000;

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * The opening part of `source`, cut at a blank line outside fenced code, at or after `target`
 * characters; the whole source when it is short or no safe cut exists.
 */
export function openingBlocks(source: string, target = FIRST_STEP_CHARS): string {
  if (source.length < PROGRESSIVE_MIN_CHARS) return source;
  let fence: string | null = null;
  let pos = 0;
  for (const line of source.split('\n')) {
    const next = pos + line.length + 1;
    const m = FENCE.exec(line);
    if (m) {
      if (!fence) fence = m[1]![0]!;
      else if (m[1]![0] === fence) fence = null;
    } else if (!fence && pos >= target && line.trim() === '') {
      return source.slice(0, pos);
    }
    pos = next;
  }
  return source;
}
