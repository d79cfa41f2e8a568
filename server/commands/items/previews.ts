import { Item, type ItemRow } from '../../models/Item.ts';
import type { ItemTokenRow } from '../../models/ItemToken.ts';
import { constraintViolation } from '../../db/constraints.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { copyItemContent } from './copyItemContent.ts';
import { ensureItemToken } from './itemTokens.ts';
import { softDeleteItem } from './itemLifecycle.ts';

/**
 * Pull-request previews (issue #21 part 7, `docs push --preview NAME`): an item that copies its
 * source's catalogs and pages once, then takes the pull request's pushes. Its rights are the
 * source's (access/items.ts); it has no members, webhooks or keys of the source, so nothing pushed
 * into it reaches the source's webhooks; it expires `ttlSeconds` after its last push.
 */
export interface Preview {
  item: ItemRow;
  /** The preview's own open-API credentials: the CLI pushes into the preview with them. */
  token: ItemTokenRow;
  created: boolean;
}

/** Live previews of an item, the newest first. */
export async function listPreviews(db: Deps['db'], sourceId: number): Promise<ItemRow[]> {
  return Item.query(db)
    .where({ preview_of: sourceId })
    .modify('notDeleted')
    .orderBy([
      { column: 'addtime', order: 'desc' },
      { column: 'item_id', order: 'desc' },
    ]);
}

async function livePreview(db: Deps['db'], sourceId: number, name: string): Promise<ItemRow | undefined> {
  return Item.query(db).where({ preview_of: sourceId, preview_name: name }).modify('notDeleted').first();
}

/**
 * The preview NAME of `source`, made on first use (a copy of the source's current pages, with their
 * sync record, so a push writes only what the pull request changed) and given a new expiry on each
 * use. Two first pushes racing for one name: the loser finds the winner's preview.
 */
export async function openPreview(deps: Deps, source: ItemRow, name: string, ttlSeconds: number): Promise<Preview> {
  const expires = deps.now() + ttlSeconds;
  const renew = async (tx: Deps, row: ItemRow): Promise<Preview> => {
    await Item.query(tx.db).findById(row.item_id).patch({ preview_expires_at: expires });
    return { item: { ...row, preview_expires_at: expires }, token: await ensureItemToken(tx, row.item_id), created: false };
  };
  const attempt = () =>
    inTransaction(deps, async (tx) => {
      const existing = await livePreview(tx.db, source.item_id, name);
      if (existing) return renew(tx, existing);
      const now = tx.now();
      const row = await Item.query(tx.db).insert({
        item_name: `${source.item_name} · ${name}`.slice(0, 200),
        item_description: source.item_description,
        uid: source.uid,
        username: source.username,
        // Visiting is decided by the source's password (access/items.ts), never by a copy of it.
        password_hash: '',
        item_domain: null,
        item_type: source.item_type,
        addtime: now,
        last_update_time: now,
        preview_of: source.item_id,
        preview_name: name,
        preview_expires_at: expires,
      });
      await copyItemContent(tx, source.item_id, row.item_id, { uid: source.uid, username: source.username }, { keepSyncRecord: true });
      return { item: (await Item.query(tx.db).findById(row.item_id))!, token: await ensureItemToken(tx, row.item_id), created: true };
    });
  try {
    return await attempt();
  } catch (err) {
    if (constraintViolation(err)?.kind !== 'unique') throw err;
    return attempt();
  }
}

/** Deletes the preview NAME of `source` (soft, as an item delete); false when there is none. */
export async function deletePreview(deps: Deps, sourceId: number, name: string): Promise<boolean> {
  return inTransaction(deps, async (tx) => {
    const row = await livePreview(tx.db, sourceId, name);
    if (!row) return false;
    await softDeleteItem(tx, row.item_id);
    return true;
  });
}

/** Deletes every preview past its expiry (the purge-previews job); answers how many. */
export async function purgeExpiredPreviews(deps: Deps): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const now = tx.now();
    return Item.query(tx.db).whereNotNull('preview_of').modify('notDeleted').andWhere('preview_expires_at', '<=', now).patch({ is_del: 1, del_time: now });
  });
}
