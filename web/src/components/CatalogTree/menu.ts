import type { MenuCatalog, MenuPage } from '@core/wire';

/** The item menu as `item/info` returns it. */
export interface Menu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** The first page in reading order (root pages first, then catalogs depth-first): core/menuOrder.ts, shared with the server; `except` skips a page just deleted. */
export { firstPageId } from '@core/menuOrder';

/** Catalog ids on the path to a page, outermost first ([] if the page is at the root or absent). */
export function catalogPathOf(menu: Menu, pageId: number): number[] {
  const walk = (cats: MenuCatalog[], path: number[]): number[] | null => {
    for (const c of cats) {
      const here = [...path, Number(c.cat_id)];
      if (c.pages.some((p) => Number(p.page_id) === pageId)) return here;
      const deeper = walk(c.catalogs, here);
      if (deeper) return deeper;
    }
    return null;
  };
  return walk(menu.catalogs, []) ?? [];
}
