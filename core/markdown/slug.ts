/**
 * Heading ids: lower case, whitespace → `-`, everything but letters (any script, so CJK stays),
 * digits, `-` and `_` dropped. The same text always gives the same id, so links to `#id` survive
 * edits elsewhere on the page. Duplicates get `-1`, `-2` … (uniqueHeadingIds.ts).
 */
export function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}_-]/gu, '')
    .replace(/-{2,}/g, '-');
  return slug || 'section';
}
