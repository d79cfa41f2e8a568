/** Someone who wrote part of a page version (a live session segment lists all of them). */
export interface Contributor {
  uid: number;
  username: string;
}

/** The stored JSON (`pages.contributors`, `page_history.contributors`, `page_live_docs.contributors`) as a list; '' or bad JSON: none. */
export function parseContributors(stored: string | null | undefined): Contributor[] {
  if (!stored) return [];
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? list.filter((c): c is Contributor => typeof c?.uid === 'number' && typeof c?.username === 'string') : [];
  } catch {
    return [];
  }
}

/** `a` then the people of `b` not in it (by uid; uid 0 writers by name), in first-contribution order. */
export function mergeContributors(a: Contributor[], b: Iterable<Contributor>): Contributor[] {
  const out = [...a];
  const key = (c: Contributor) => (c.uid ? `u${c.uid}` : `n${c.username}`);
  const seen = new Set(out.map(key));
  for (const c of b) {
    if (seen.has(key(c))) continue;
    seen.add(key(c));
    out.push({ uid: c.uid, username: c.username });
  }
  return out;
}

/** Who wrote a version: its contributors, else its author alone. */
export function contributorsOf(version: { contributors?: string | null; author_uid: number; author_username: string }): Contributor[] {
  const listed = parseContributors(version.contributors);
  return listed.length ? listed : [{ uid: version.author_uid, username: version.author_username }];
}
