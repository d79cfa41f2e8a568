import { errors } from '../../../core/errors.ts';
import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL } from '../../../core/limits.ts';

/**
 * Pure rules of the catalog tree (no database): levels from parent links, cycles, depth,
 * descendants. Top catalogs have parent 0 and level 2; a child is one level below its parent.
 */
export interface CatalogLink {
  cat_id: number;
  parent_cat_id: number;
}

/**
 * Computes every catalog's level from the parent links, refusing (10100) a parent that is not in
 * the tree, a cycle, or a catalog deeper than CATALOG_MAX_LEVEL (three levels under the item).
 */
export function validateCatalogTree(cats: CatalogLink[]): Map<number, number> {
  const parentOf = new Map(cats.map((c) => [c.cat_id, c.parent_cat_id]));
  const levels = new Map<number, number>();
  const levelOf = (id: number, seen: Set<number>): number => {
    const known = levels.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) throw errors.validation(`cats: catalog ${id} would become its own ancestor`, `cats：目录 ${id} 不能成为自己的上级`);
    seen.add(id);
    const parent = parentOf.get(id)!;
    let level: number;
    if (!parent) level = CATALOG_TOP_LEVEL;
    else {
      if (!parentOf.has(parent))
        throw errors.validation(`parent_cat_id: catalog ${parent} does not exist in this item`, `parent_cat_id：目录 ${parent} 不属于此项目`);
      level = levelOf(parent, seen) + 1;
    }
    if (level > CATALOG_MAX_LEVEL) throw errors.validation(tooDeepMessage(), '目录最多三层');
    levels.set(id, level);
    return level;
  };
  for (const c of cats) levelOf(c.cat_id, new Set());
  return levels;
}

export function tooDeepMessage(): string {
  return `parent_cat_id: catalogs can be nested at most ${CATALOG_MAX_LEVEL - CATALOG_TOP_LEVEL + 1} levels deep`;
}

/** `catId` and every catalog below it. */
export function subtreeIds(cats: CatalogLink[], catId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of cats) {
    const list = children.get(c.parent_cat_id) ?? [];
    list.push(c.cat_id);
    children.set(c.parent_cat_id, list);
  }
  const out: number[] = [];
  const stack = [catId];
  const seen = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The top-level ancestor of `catId` (0 for the root or an unknown id). */
export function topOf(cats: CatalogLink[] | Map<number, number>, catId: number): number {
  const parentOf = cats instanceof Map ? cats : new Map(cats.map((c) => [c.cat_id, c.parent_cat_id]));
  let current = catId;
  for (let guard = 0; current > 0 && guard < 64; guard++) {
    const parent = parentOf.get(current);
    if (parent === undefined) return 0;
    if (!parent) return current;
    current = parent;
  }
  return 0;
}

/** Ancestor chain of `catId` from the top down, ending with `catId` itself. */
export function ancestryOf(parentOf: Map<number, number>, catId: number): number[] {
  const chain: number[] = [];
  let current = catId;
  for (let guard = 0; current > 0 && guard < 64 && parentOf.has(current); guard++) {
    chain.unshift(current);
    current = parentOf.get(current)!;
  }
  return chain;
}

/**
 * Catalog ids a catalog restriction lets the caller see: every catalog under the allowed top
 * catalogs. null when unrestricted. The root (0) is never inside a restriction.
 */
export function catalogsUnder(cats: CatalogLink[], allowedTopCatIds: number[] | null): Set<number> | null {
  if (allowedTopCatIds === null) return null;
  const out = new Set<number>();
  for (const top of allowedTopCatIds) {
    if (!cats.some((c) => c.cat_id === top && !c.parent_cat_id)) continue;
    for (const id of subtreeIds(cats, top)) out.add(id);
  }
  return out;
}
