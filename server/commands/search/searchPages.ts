import { loadItemAccessFor, reachableItemIdsQuery } from '../../access/items.ts';
import { Item } from '../../models/Item.ts';
import type { UserActor } from '../../policies/actor.ts';
import { canReadPage } from '../../policies/item.ts';
import { countPages, findPages, type SearchHit } from '../../search/index.ts';
import type { Services } from '../../services.ts';
import { catalogsUnder, topOf } from '../catalogs/catalogTree.ts';
import { loadCatalogs } from '../catalogs/loadCatalogs.ts';

/** Search inside one item, limited to the catalogs the caller may read: up to `limit` hits and how many match in all. */
export async function searchItem(
  services: Pick<Services, 'db'>,
  input: { itemId: number; keyword: string; allowedTopCatIds: number[] | null; limit: number },
): Promise<{ hits: SearchHit[]; total: number }> {
  let catIds: number[] | null = null;
  if (input.allowedTopCatIds !== null) {
    const visible = catalogsUnder(await loadCatalogs(services.db, input.itemId), input.allowedTopCatIds);
    catIds = [...(visible ?? [])];
    if (!catIds.length) return { hits: [], total: 0 };
  }
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
    const parents = abilities.allowedTopCatIds === null ? null : new Map((await loadCatalogs(services.db, item.item_id)).map((c) => [c.cat_id, c.parent_cat_id]));
    readable.set(item.item_id, { name: item.item_name, mayRead: (catId) => canReadPage(abilities, parents && catId ? topOf(parents, catId) : 0) });
  }
  const allowed = raw.filter((h) => readable.get(h.item_id)?.mayRead(h.cat_id)).map((h) => ({ ...h, item_name: readable.get(h.item_id)!.name }));
  const start = (input.page - 1) * input.count;
  return { total: allowed.length, hits: allowed.slice(start, start + input.count) };
}
