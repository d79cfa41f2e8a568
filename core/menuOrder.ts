import type { Menu } from './wire.ts';

/**
 * The first page in the menu's reading order — root pages first, then catalogs depth-first, as
 * the item view's tree shows them: the page an item opens on when none is asked for. One
 * function for the server (item/info's default page) and the web app (the item view).
 */
export function firstPageId(menu: Pick<Menu, 'pages' | 'catalogs'>): number {
  if (menu.pages.length) return Number(menu.pages[0]!.page_id);
  for (const c of menu.catalogs) {
    const id = firstPageId(c);
    if (id) return id;
  }
  return 0;
}
