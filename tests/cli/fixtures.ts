import { buildUser, type TestServer } from '../helpers/server.ts';

export interface KeyedItem {
  item_id: number;
  api_key: string;
  api_token: string;
  owner: { uid: number; username: string; token: string };
}

let n = 0;
/** A fresh item made through the real API (item/add, item/getKey), with its open-API credentials. */
export async function buildKeyedItem(t: TestServer, opts: { itemType?: number } = {}): Promise<KeyedItem> {
  const owner = await buildUser(t);
  n += 1;
  const added = await t.call('item/add', { item_name: `Docs ${n}`, item_type: opts.itemType ?? 1, item_description: '', password: '' }, { token: owner.token });
  if (added.error_code !== 0) throw new Error(`item/add failed: ${added.error_message}`);
  const item_id = Number(added.data.item_id);
  const key = await t.call('item/getKey', { item_id }, { token: owner.token });
  if (key.error_code !== 0) throw new Error(`item/getKey failed: ${key.error_message}`);
  return { item_id, api_key: key.data.api_key, api_token: key.data.api_token, owner };
}

/** Posts a raw body exactly as given (ShowDoc's shell scripts interpolate values without encoding). */
export async function postRaw(t: TestServer, path: string, body: string, contentType = 'application/x-www-form-urlencoded'): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await t.fetch(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
