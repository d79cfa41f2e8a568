import { hashItemPassword } from '../../server/auth/itemPasswords.ts';
import { buildUser, type TestServer } from './server.ts';

/**
 * Fixtures for the documents-core tests: items inserted directly (so these tests do not depend on
 * item/add), people with a role in them, and a few conveniences over page/save.
 */
export interface Person {
  uid: number;
  username: string;
  token: string;
}

export async function insertItem(
  t: TestServer,
  owner: { uid: number; username: string },
  opts: { item_name?: string; password?: string; item_type?: number; item_domain?: string; is_archived?: number; is_del?: number } = {},
): Promise<number> {
  const [row] = await t.services
    .db('items')
    .insert({
      item_name: opts.item_name ?? 'Docs item',
      uid: owner.uid,
      username: owner.username,
      password_hash: opts.password ? await hashItemPassword(opts.password) : '',
      item_domain: opts.item_domain ?? null,
      item_type: opts.item_type ?? 1,
      is_archived: opts.is_archived ?? 0,
      is_del: opts.is_del ?? 0,
      addtime: t.services.now(),
      last_update_time: t.services.now(),
    })
    .returning('item_id');
  return (row as { item_id: number }).item_id;
}

export async function addMemberTo(t: TestServer, itemId: number, user: Person, group: number, catId = 0): Promise<void> {
  await t.services.db('item_members').insert({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, cat_id: catId, addtime: t.services.now() });
}

/** An item with an owner, an editor, a reader and a stranger. */
export async function itemWithPeople(t: TestServer, opts: Parameters<typeof insertItem>[2] = {}) {
  const owner = await buildUser(t);
  const editor = await buildUser(t);
  const reader = await buildUser(t);
  const stranger = await buildUser(t);
  const itemId = await insertItem(t, owner, opts);
  await addMemberTo(t, itemId, editor, 1);
  await addMemberTo(t, itemId, reader, 0);
  return { itemId, owner, editor, reader, stranger };
}

/** Saves a page through page/save and fails loudly when the API refuses. */
export async function savePageVia(t: TestServer, token: string, params: Record<string, unknown>): Promise<any> {
  const r = await t.call('page/save', { page_content: 'content', ...params }, { token });
  if (r.error_code !== 0) throw new Error(`page/save failed: ${r.error_code} ${r.error_message}`);
  return r.data;
}

export async function saveCatalogVia(t: TestServer, token: string, params: Record<string, unknown>): Promise<number> {
  const r = await t.call('catalog/save', params, { token });
  if (r.error_code !== 0) throw new Error(`catalog/save failed: ${r.error_code} ${r.error_message}`);
  return r.data as number;
}
