import crypto from 'node:crypto';
import type { Deps } from '../../services.ts';
import { ItemToken, type ItemTokenRow } from '../../models/ItemToken.ts';

const randomHex = () => crypto.randomBytes(20).toString('hex');

async function readToken(db: Deps['db'], itemId: number): Promise<ItemTokenRow | undefined> {
  return ItemToken.query(db).modify('inItem', itemId).select('item_id', 'api_key', 'api_token', 'addtime').first();
}

/** The item's credentials, created on first call (a concurrent first call finds the winner's row). */
export async function ensureItemToken(deps: Deps, itemId: number): Promise<ItemTokenRow> {
  const existing = await readToken(deps.db, itemId);
  if (existing) return existing;
  await ItemToken.query(deps.db).insert({ item_id: itemId, api_key: randomHex(), api_token: randomHex(), addtime: deps.now() }).onConflict('item_id').ignore();
  return (await readToken(deps.db, itemId))!;
}

/** A new api_token; the api_key stays, so scripts only need the new token. */
export async function resetItemToken(deps: Deps, itemId: number): Promise<ItemTokenRow> {
  await ensureItemToken(deps, itemId);
  await ItemToken.query(deps.db).modify('inItem', itemId).patch({ api_token: randomHex() });
  return (await readToken(deps.db, itemId))!;
}
