import type { Menu } from './wire.ts';

/**
 * The first page in the menu's reading order — root pages first, then catalogs depth-first, as
 * the item view's tree shows them: the page an item opens on when none is asked for. One
 * function for the server (item/info's default page) and the web app (the item view).
 */
export function firstPageId(menu: Pick<Menu, 'pages' | 'catalogs'>, except = 0): number {
  // `except`: a page just deleted, still in a menu read before the delete (the web app's item view).
  const page = menu.pages.find((p) => Number(p.page_id) !== except);
  if (page) return Number(page.page_id);
  for (const c of menu.catalogs) {
    const id = firstPageId(c, except);
    if (id) return id;
  }
  return 0;
}
