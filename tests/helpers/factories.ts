import { expect } from 'vitest';
import { hashItemPassword } from '../../server/auth/itemPasswords.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { createUser } from '../../server/commands/users/createUser.ts';
import type { TestServer } from './server.ts';

/**
 * The one place tests make their fixtures: users, items, members, teams, catalogs, pages and
 * tokens. Users come from the commands (no captcha); `buildItem` and `buildKeyedItem` go through
 * `item/add` (the real path); the rest is written directly so fixtures stay fast and do not
 * depend on the actions under test. A test that needs another kind of row adds its factory here.
 */

export interface User {
  uid: number;
  username: string;
  password: string;
  token: string;
}

/** Someone acting in a test: what the factories and calls need of a user. */
export type Person = Pick<User, 'uid' | 'username' | 'token'>;

let userCounter = 0;
/** A user with a session token, created through the commands. */
export async function buildUser(
  t: TestServer,
  overrides: { username?: string; password?: string; groupid?: number; email?: string; name?: string } = {},
): Promise<User> {
  userCounter += 1;
  const username = overrides.username ?? `user${userCounter}_${Math.random().toString(36).slice(2, 7)}`;
  const password = overrides.password ?? 'correct horse 42';
  const { uid } = await createUser(t.services, { username, password, groupid: overrides.groupid ?? 2, email: overrides.email, name: overrides.name });
  const { token } = await createSession(t.services, uid, 1);
  return { uid, username, password, token };
}

export interface BuiltItem {
  item_id: number;
}

/** An item made through `item/add`, as its owner would. */
export async function buildItem(
  t: TestServer,
  owner: { token: string },
  opts: { item_name?: string; password?: string; item_type?: number; item_domain?: string } = {},
): Promise<BuiltItem> {
  const r = await t.call(
    'item/add',
    { item_name: opts.item_name ?? 'Item', item_type: opts.item_type ?? 1, password: opts.password ?? '', item_domain: opts.item_domain ?? '' },
    { token: owner.token },
  );
  expect(r.error_code, r.error_message).toBe(0);
  return { item_id: r.data.item_id };
}

/** An item inserted directly (archived, private or deleted as asked), for tests that must not depend on item/add. */
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

/** An inserted item with an owner, an editor, a reader and a stranger. */
export async function itemWithPeople(t: TestServer, opts: Parameters<typeof insertItem>[2] = {}) {
  const owner = await buildUser(t);
  const editor = await buildUser(t);
  const reader = await buildUser(t);
  const stranger = await buildUser(t);
  const itemId = await insertItem(t, owner, opts);
  await addMember(t, itemId, editor, 1);
  await addMember(t, itemId, reader, 0);
  return { itemId, owner, editor, reader, stranger };
}

/** An item with its open-API credentials (the `api_key`/`api_token` pair), through item/add and item/getKey. */
export interface KeyedItem {
  item_id: number;
  api_key: string;
  api_token: string;
  owner: { uid: number; username: string; token: string };
}

let keyedCounter = 0;
export async function buildKeyedItem(t: TestServer, opts: { itemType?: number } = {}): Promise<KeyedItem> {
  const owner = await buildUser(t);
  keyedCounter += 1;
  const added = await t.call(
    'item/add',
    { item_name: `Docs ${keyedCounter}`, item_type: opts.itemType ?? 1, item_description: '', password: '' },
    { token: owner.token },
  );
  if (added.error_code !== 0) throw new Error(`item/add failed: ${added.error_message}`);
  const item_id = Number(added.data.item_id);
  const key = await t.call('item/getKey', { item_id }, { token: owner.token });
  if (key.error_code !== 0) throw new Error(`item/getKey failed: ${key.error_message}`);
  return { item_id, api_key: key.data.api_key, api_token: key.data.api_token, owner };
}

/** A member row of an item (group 0 read, 1 edit, 2 manage), limited to one catalog when `catId` is set. */
export async function addMember(t: TestServer, itemId: number, user: { uid: number; username: string }, group: number, catId = 0): Promise<number> {
  const [row] = await t.services
    .db('item_members')
    .insert({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, cat_id: catId, addtime: t.services.now() })
    .returning('item_member_id');
  return (row as { item_member_id: number }).item_member_id;
}

/** A team owned by `owner`. */
export async function buildTeam(t: TestServer, owner: { uid: number; username: string }, name = 'T'): Promise<number> {
  const [row] = await t.services.db('teams').insert({ team_name: name, uid: owner.uid, username: owner.username, addtime: t.services.now() }).returning('id');
  return (row as { id: number }).id;
}

/** A member of a team. */
export async function addTeamMember(t: TestServer, teamId: number, user: { uid: number; username: string }): Promise<void> {
  await t.services.db('team_members').insert({ team_id: teamId, member_uid: user.uid, member_username: user.username, addtime: t.services.now() });
}

/** Binds a team to an item, giving each listed team member a role there (member_group_id, 1 edit by default). */
export async function bindTeamItem(
  t: TestServer,
  teamId: number,
  itemId: number,
  members: { user: { uid: number; username: string }; group?: number }[] = [],
): Promise<void> {
  await t.services.db('team_items').insert({ team_id: teamId, item_id: itemId, addtime: t.services.now() });
  for (const m of members) {
    await t.services.db('team_item_members').insert({
      team_id: teamId,
      item_id: itemId,
      member_uid: m.user.uid,
      member_username: m.user.username,
      member_group_id: m.group ?? 1,
      addtime: t.services.now(),
    });
  }
}

/** A catalog inserted directly, one level below its parent. */
export async function buildCatalog(t: TestServer, itemId: number, name: string, parentCatId = 0, sNumber = 99): Promise<number> {
  const parent = parentCatId ? await t.services.db('catalogs').where({ cat_id: parentCatId }).first('level') : null;
  const [row] = await t.services
    .db('catalogs')
    .insert({ item_id: itemId, cat_name: name, parent_cat_id: parentCatId, level: parent ? parent.level + 1 : 2, s_number: sNumber, addtime: t.services.now() })
    .returning('cat_id');
  return (row as { cat_id: number }).cat_id;
}

/** A page inserted directly. */
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

/** Saves a page through page/save and fails loudly when the API refuses. */
export async function savePageVia(t: TestServer, token: string, params: Record<string, unknown>): Promise<any> {
  const r = await t.call('page/save', { page_content: 'content', ...params }, { token });
  if (r.error_code !== 0) throw new Error(`page/save failed: ${r.error_code} ${r.error_message}`);
  return r.data;
}

/** Saves a catalog through catalog/save and fails loudly when the API refuses. */
export async function saveCatalogVia(t: TestServer, token: string, params: Record<string, unknown>): Promise<number> {
  const r = await t.call('catalog/save', params, { token });
  if (r.error_code !== 0) throw new Error(`catalog/save failed: ${r.error_code} ${r.error_message}`);
  return r.data as number;
}

/** The `folio_item_<id>=…` pair from a Set-Cookie header, ready for a Cookie header. */
export function grantCookieFrom(headers: Headers, itemId: number): string | null {
  for (const c of headers.getSetCookie()) {
    const m = new RegExp(`^(folio_item_${itemId}=[^;]+)`).exec(c);
    if (m) return m[1]!;
  }
  return null;
}
