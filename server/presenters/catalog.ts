import { formatDateTime } from '../../core/time.ts';
import type { Catalog, CatalogFields } from '../../core/wire.ts';
import type { CatalogRow } from '../models/Catalog.ts';

/** One catalog's own fields on the wire. */
export function catalogFields(c: CatalogRow): CatalogFields {
  return {
    cat_id: c.cat_id,
    cat_name: c.cat_name,
    item_id: c.item_id,
    s_number: c.s_number,
    addtime: c.addtime,
    parent_cat_id: c.parent_cat_id,
    level: c.level,
  };
}

/**
 * Nests catalogs (already in display order) under their parents, starting from the top level.
 * `visible` (from a catalog restriction) drops everything else; `decorate` adds per-node keys
 * (children are passed in already built). Orphans whose parent is gone are left out.
 */
export function nestCatalogs<N>(cats: CatalogRow[], visible: Set<number> | null, decorate: (cat: CatalogRow, children: N[]) => N): N[] {
  const children = new Map<number, CatalogRow[]>();
  for (const c of cats) {
    if (visible && !visible.has(c.cat_id)) continue;
    const list = children.get(c.parent_cat_id) ?? [];
    list.push(c);
    children.set(c.parent_cat_id, list);
  }
  const build = (parent: number, depth: number): N[] => (depth > 16 ? [] : (children.get(parent) ?? []).map((c) => decorate(c, build(c.cat_id, depth + 1))));
  return build(0, 0);
}

/** catalog/catListGroup: nested catalogs with children in `sub` (ShowDoc's key), times formatted. */
export function presentCatalogGroups(cats: CatalogRow[], visible: Set<number> | null, tz: string): Catalog[] {
  return nestCatalogs<Catalog>(cats, visible, (c, sub) => ({ ...catalogFields(c), addtime: formatDateTime(c.addtime, tz), sub }));
}
