import { loadItemAccessFor, reachableItemIdsQuery } from '../../access/items.ts';
import { Item } from '../../models/Item.ts';
import type { UserActor } from '../../policies/actor.ts';
import { countPages, findPages, type SearchHit } from '../../search/index.ts';
import type { Services } from '../../services.ts';
import { catalogsUnder } from '../catalogs/catalogTree.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';

/**
 * THE search filter: the catalogs of one item a caller restricted to `allowedTopCatIds` may read
 * (null: the whole item). Both searches, in one item and across items, apply it.
 */
async function readableCatalogs(services: Pick<Services, 'db'>, itemId: number, allowedTopCatIds: number[] | null): Promise<Set<number> | null> {
  return allowedTopCatIds === null ? null : (catalogsUnder(await loadCatalogs(services.db, itemId), allowedTopCatIds) ?? new Set());
}

/** Search inside one item, limited to the catalogs the caller may read: up to `limit` hits and how many match in all. */
export async function searchItem(
  services: Pick<Services, 'db'>,
  input: { itemId: number; keyword: string; allowedTopCatIds: number[] | null; limit: number },
): Promise<{ hits: SearchHit[]; total: number }> {
  const visible = await readableCatalogs(services, input.itemId, input.allowedTopCatIds);
  const catIds = visible && [...visible];
  if (catIds && !catIds.length) return { hits: [], total: 0 };
  const q = { itemIds: [input.itemId], keyword: input.keyword, catIds, limit: input.limit };
  const hits = await findPages(services.db, q);
  // Only a full list can hide more matches; counting then costs one more index lookup.
  const total = hits.length < input.limit ? hits.length : await countPages(services.db, q);
  return { hits, total };
}

/**
 * Search across every item the user reaches (as creator, member or team member), with each
 * item's catalog restriction applied to the hits. Answers one page of results plus the total.
 */
export async function searchAcrossItems(
  services: Pick<Services, 'db' | 'secret' | 'now'>,
  actor: UserActor,
  input: { keyword: string; page: number; count: number; scanLimit: number },
): Promise<{ total: number; hits: (SearchHit & { item_name: string })[] }> {
  const itemIds = (await reachableItemIdsQuery(services.db, actor.uid)).map((r) => r.item_id);
  const raw = await findPages(services.db, { itemIds, keyword: input.keyword, catIds: null, limit: input.scanLimit });
  const hitItemIds = [...new Set(raw.map((h) => h.item_id))];
  const items = hitItemIds.length ? await Item.query(services.db).whereIn('item_id', hitItemIds) : [];
  const readable = new Map<number, { name: string; mayRead: (catId: number) => boolean }>();
  for (const item of items) {
    const { abilities } = await loadItemAccessFor(services, actor, item);
    if (!abilities.visit) continue;
    const visible = await readableCatalogs(services, item.item_id, abilities.allowedTopCatIds);
    readable.set(item.item_id, { name: item.item_name, mayRead: (catId) => visible === null || visible.has(catId) });
  }
  const allowed = raw.filter((h) => readable.get(h.item_id)?.mayRead(h.cat_id)).map((h) => ({ ...h, item_name: readable.get(h.item_id)!.name }));
  const start = (input.page - 1) * input.count;
  return { total: allowed.length, hits: allowed.slice(start, start + input.count) };
}
