import { listMyItems } from './myItems.ts';
import type { UserActor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { loadItemAccessFor, type LoadedItem } from './items.ts';

/**
 * The items a caller may read, with their abilities: the user's items (creator, member, team
 * member) narrowed by a token's allow-list through `itemAbilities` (an item outside it is not
 * visited). The MCP server's item list and cross-item search start here.
 */
export async function readableItems(services: Pick<Services, 'db' | 'secret' | 'now'>, actor: UserActor): Promise<LoadedItem[]> {
  const rows = await listMyItems(services.db, actor.uid);
  const loaded = await Promise.all(rows.map((row) => loadItemAccessFor(services, actor, row)));
  return loaded.filter((l) => l.abilities.visit);
}
