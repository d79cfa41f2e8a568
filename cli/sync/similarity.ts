import { toSourceView } from './assets.ts';
import type { SyncClient } from './client.ts';
import type { LocalDoc } from './localDoc.ts';
import type { ServerPage } from './plan.ts';
import { readBase, type SyncState } from './state.ts';

/** git's default rename threshold (`-M50%`): at least half of the larger file is shared. */
const RENAME_THRESHOLD = 0.5;

/**
 * How much of two texts is the same, as git's rename detection estimates it: the bytes of the
 * lines they share (each line counted as often as both have it) over the size of the larger one.
 */
export function similarity(a: string, b: string): number {
  const size = Math.max(a.length, b.length);
  if (!size) return 1;
  const lines = new Map<string, number>();
  for (const line of a.split('\n')) lines.set(line, (lines.get(line) ?? 0) + 1);
  let shared = 0;
  for (const line of b.split('\n')) {
    const n = lines.get(line);
    if (!n) continue;
    lines.set(line, n - 1);
    shared += line.length + 1;
  }
  return Math.min(1, shared / size);
}

/**
 * A file renamed and edited in one step (git's `RM`): a file no page is recorded for, and a page
 * whose file vanished, whose contents are similar enough — the vanished file's last synced text
 * (the state's base) or, from a fresh clone, the server's page. Pairs are taken best first, each
 * side once. Answers new file path → page id, for computePlan to keep the page.
 */
export async function similarRenames(
  root: string,
  docs: LocalDoc[],
  state: SyncState,
  serverPages: ServerPage[],
  client: SyncClient,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const localPaths = new Set(docs.map((d) => d.relPath));
  const recordedPaths = new Set(serverPages.flatMap((p) => (p.source_path ? [p.source_path] : [])));
  const fresh = docs.filter((d) => !d.source && !state.pages[d.relPath] && !recordedPaths.has(d.relPath));
  if (!fresh.length) return found;
  const live = new Set(serverPages.map((p) => p.page_id));
  const vanished = new Map<number, string | null>();
  for (const [relPath, synced] of Object.entries(state.pages)) {
    if (localPaths.has(relPath) || synced.source || !live.has(synced.page_id)) continue;
    vanished.set(synced.page_id, await readBase(root, relPath));
  }
  const unread = serverPages.filter((p) => p.source_path && !localPaths.has(p.source_path) && (!vanished.has(p.page_id) || vanished.get(p.page_id) === null));
  if (unread.length) for (const [id, page] of await client.pages(unread.map((p) => p.page_id))) vanished.set(id, toSourceView(page).page_content);
  const pairs: { relPath: string; pageId: number; score: number }[] = [];
  for (const doc of fresh) {
    for (const [pageId, text] of vanished) {
      if (text === null) continue;
      const score = similarity(text, doc.content);
      if (score >= RENAME_THRESHOLD) pairs.push({ relPath: doc.relPath, pageId, score });
    }
  }
  const taken = new Set<number>();
  for (const p of pairs.sort((a, b) => b.score - a.score)) {
    if (found.has(p.relPath) || taken.has(p.pageId)) continue;
    found.set(p.relPath, p.pageId);
    taken.add(p.pageId);
  }
  return found;
}
