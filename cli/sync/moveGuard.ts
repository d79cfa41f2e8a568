import type { Plan, PlanEntry } from './plan.ts';

/** Default of the wrong-folder guard: a push moves or renames at most a quarter of the item's pages. */
export const DEFAULT_MAX_MOVE_SHARE = 0.25;

/**
 * Moves this few never trip the guard: in a small item one ordinary rename is already a large share,
 * while a wrong folder moves every page at once.
 */
const MOVES_ALWAYS_ALLOWED = 3;

/**
 * A move the guard counts: the page's catalog or its file changes. A title edited in front matter
 * is a plan `move` too, but it is an ordinary edit, not a sign of a wrong folder.
 */
function relocates(e: PlanEntry): boolean {
  if (e.action !== 'move' || !e.doc || !e.server) return false;
  const cat = e.doc.catPath;
  const sameCatalog = cat.length === e.server.cat_path.length && cat.every((c, i) => c === e.server!.cat_path[i]);
  return !sameCatalog || (!!e.server.source_path && e.server.source_path !== e.doc.relPath);
}

/**
 * The wrong-folder guard, shaped as the mass-deletion guard (push.ts massDeleteRefusal): pushing the
 * repository root instead of `docs/` moves every page into a `docs` catalog. A push that would
 * move more than `share` of the item's pages is refused before anything is written, unless
 * --allow-mass-move. Answers the refusal, or null.
 */
export function massMoveRefusal(plan: Plan, serverPages: number, share: number): string | null {
  const moved = plan.entries.filter(relocates);
  if (moved.length <= MOVES_ALWAYS_ALLOWED || moved.length <= share * serverPages) return null;
  const sample = moved.slice(0, 3).map((e) => `${e.server!.source_path ?? e.server!.page_title} → ${e.doc!.relPath}`);
  return (
    `refusing to move ${moved.length} of the item's ${serverPages} pages (more than ${Math.round(share * 100)} %; wrong folder?), e.g. ${sample.join(', ')}. ` +
    'Nothing was written; push the folder the pages came from, or --allow-mass-move (or a larger --max-move-share / .docs.json max_move_share) overrides'
  );
}
