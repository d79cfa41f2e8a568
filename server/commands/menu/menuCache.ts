import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/knex.ts';
import type { ItemInfo, ItemInfoHead } from '../../../core/wire.ts';
import { etagOf, precompress, type Precompressed } from '../../precompress.ts';
import { buildMenu, type BuiltMenu } from './buildMenu.ts';

/** Which menu an item shows a caller: everything, or only some top catalogs (a restricted member). */
export type MenuVariant = number[] | null;

/**
 * item/info's cache, one per server process. Menus are kept per (item, menu_version, variant);
 * finished answers per menu and per "head" (the small per-caller fields around the menu),
 * already compressed with gzip and brotli. menu_version comes with the item row each request
 * loads anyway, so a write committed by any process or instance is seen at once: the key
 * changes and the menu is rebuilt; old entries age out of the LRU. Concurrent misses of one key
 * share one build.
 */
export class MenuCache {
  private readonly menus: LRUCache<string, BuiltMenu>;
  private readonly answers: LRUCache<string, Precompressed<ItemInfo>>;
  private readonly building = new Map<string, Promise<unknown>>();

  constructor(maxBytes: number) {
    this.menus = new LRUCache({ maxSize: Math.max(1, Math.floor(maxBytes / 2)), sizeCalculation: (m) => m.json.length * 2 + m.parents.size * 16 + 64 });
    this.answers = new LRUCache({ maxSize: Math.max(1, Math.floor(maxBytes / 2)), sizeCalculation: (a) => a.byteLength + 64 });
  }

  /** The built menu of an item at a version for a variant. */
  menu(db: Db, item: { item_id: number; menu_version: number }, variant: MenuVariant): Promise<BuiltMenu> {
    const key = menuKey(item, variant);
    return this.once(this.menus, key, () => buildMenu(db, item.item_id, variant));
  }

  /**
   * The whole answer (`{"error_code":0,"data":{...head, "menu": …}}`) ready in every encoding.
   * `head` is everything of `data` but the menu; its JSON is part of the key and of the ETag.
   */
  async answer(db: Db, item: { item_id: number; menu_version: number }, variant: MenuVariant, head: ItemInfoHead): Promise<Precompressed<ItemInfo>> {
    const headJson = JSON.stringify(head);
    const mKey = menuKey(item, variant);
    const digest = crypto.createHash('sha1').update(mKey).update('\0').update(headJson).digest('base64url').slice(0, 22);
    const etag = etagOf('m', item.item_id, item.menu_version, digest);
    return this.once(this.answers, etag, async () => {
      const built = await this.menu(db, item, variant);
      const body = `{"error_code":0,"data":${headJson.slice(0, -1)}${headJson.length > 2 ? ',' : ''}"menu":${built.json}}}`;
      return precompress<ItemInfo>(etag, 'application/json; charset=utf-8', body);
    });
  }

  private async once<T extends object>(cache: LRUCache<string, T>, key: string, make: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = this.building.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const p = make()
      .then((v) => {
        cache.set(key, v);
        return v;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, p);
    return p;
  }
}

function menuKey(item: { item_id: number; menu_version: number }, variant: MenuVariant): string {
  return `${item.item_id}:${item.menu_version}:${variant === null ? 'all' : [...variant].sort((a, b) => a - b).join(',')}`;
}
