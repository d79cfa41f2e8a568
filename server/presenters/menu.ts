import type { Menu, MenuCatalog, MenuPage } from '../../core/wire.ts';
import type { CatalogRow } from '../models/Catalog.ts';
import type { MenuPageRow } from '../models/Page.ts';
import { catalogFields, nestCatalogs } from './catalog.ts';

export function menuPage(p: MenuPageRow): MenuPage {
  return {
    page_id: p.page_id,
    author_uid: p.author_uid,
    cat_id: p.cat_id,
    page_title: p.page_title,
    s_number: p.s_number,
    addtime: p.addtime,
    ext_info: p.ext_info,
    is_draft: 0,
  };
}

/**
 * item/info's menu: root pages plus top catalogs, each catalog with its `pages` and nested
 * `catalogs` (ShowDoc's exact keys; catalog/catListGroup is the one that says `sub`).
 * Pages arrive sorted by s_number then page_id; catalogs by s_number then cat_id.
 * With a catalog restriction (`visible`), root pages and other catalogs are left out.
 */
export function presentMenu(cats: CatalogRow[], pages: MenuPageRow[], visible: Set<number> | null): Menu {
  const byCat = new Map<number, MenuPage[]>();
  for (const p of pages) {
    const list = byCat.get(p.cat_id) ?? [];
    list.push(menuPage(p));
    byCat.set(p.cat_id, list);
  }
  const catalogs = nestCatalogs<MenuCatalog>(cats, visible, (c, children) => ({ ...catalogFields(c), pages: byCat.get(c.cat_id) ?? [], catalogs: children }));
  return { pages: visible ? [] : (byCat.get(0) ?? []), catalogs };
}
