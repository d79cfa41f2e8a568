import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/**
 * Factories for items and the people around them. Items are made through `item/add` (the real
 * path); membership rows, catalogs and pages are written directly, so fixtures stay fast and do
 * not depend on the actions under test.
 */
export interface BuiltItem {
  item_id: number;
}

export async function buildItem(
  t: TestServer,
  owner: { token: string },
  opts: { item_name?: string; password?: string; item_type?: number; item_domain?: string } = {},
): Promise<BuiltItem> {
  const r = await t.call('item/add', { item_name: opts.item_name ?? 'Item', item_type: opts.item_type ?? 1, password: opts.password ?? '', item_domain: opts.item_domain ?? '' }, { token: owner.token });
  expect(r.error_code, r.error_message).toBe(0);
  return { item_id: r.data.item_id };
}

export async function addMember(t: TestServer, itemId: number, user: { uid: number; username: string }, group: number, catId = 0): Promise<number> {
  const [row] = await t.services.db('item_members').insert({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, cat_id: catId, addtime: t.services.now() }).returning('item_member_id');
  return (row as { item_member_id: number }).item_member_id;
}

export async function buildCatalog(t: TestServer, itemId: number, name: string, parentCatId = 0, sNumber = 99): Promise<number> {
  const parent = parentCatId ? await t.services.db('catalogs').where({ cat_id: parentCatId }).first('level') : null;
  const [row] = await t.services
    .db('catalogs')
    .insert({ item_id: itemId, cat_name: name, parent_cat_id: parentCatId, level: parent ? parent.level + 1 : 2, s_number: sNumber, addtime: t.services.now() })
    .returning('cat_id');
  return (row as { cat_id: number }).cat_id;
}

export async function buildPage(
  t: TestServer,
  itemId: number,
  opts: { cat_id?: number; page_title?: string; page_content?: string; s_number?: number; author?: { uid: number; username: string } } = {},
): Promise<number> {
  const [row] = await t.services
    .db('pages')
    .insert({
      item_id: itemId,
      cat_id: opts.cat_id ?? 0,
      page_title: opts.page_title ?? 'Page',
      page_content: opts.page_content ?? 'content',
      s_number: opts.s_number ?? 99,
      author_uid: opts.author?.uid ?? 0,
      author_username: opts.author?.username ?? '',
      addtime: t.services.now(),
    })
    .returning('page_id');
  return (row as { page_id: number }).page_id;
}

/** The `folio_item_<id>=…` pair from a Set-Cookie header, ready for a Cookie header. */
export function grantCookieFrom(headers: Headers, itemId: number): string | null {
  for (const c of headers.getSetCookie()) {
    const m = new RegExp(`^(folio_item_${itemId}=[^;]+)`).exec(c);
    if (m) return m[1]!;
  }
  return null;
}
