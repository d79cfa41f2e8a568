import crypto from 'node:crypto';
import { errors } from '../../core/errors.ts';
import type { Deps, Services } from '../services.ts';
import { spendRateBudget } from '../throttle/rateLimit.ts';
import { findItem } from './items.ts';
import type { ItemRow } from '../models/Item.ts';
import { ItemToken } from '../models/ItemToken.ts';

/**
 * The open API's credential: an item's api_key + api_token (made by item/getKey). Both must match
 * one `item_tokens` row; the token is compared in constant time so response timing does not leak
 * how much of a guess was right. A mismatch of either, or a missing one, is 10306.
 */
export async function resolveApiKey(deps: Pick<Deps, 'db' | 'now'>, apiKey: unknown, apiToken: unknown): Promise<ItemRow> {
  const key = typeof apiKey === 'string' ? apiKey.trim() : '';
  const token = typeof apiToken === 'string' ? apiToken.trim() : '';
  if (!key || !token || key.length > 100 || token.length > 100) throw errors.apiKeyMismatch();
  const row = await ItemToken.query(deps.db).where({ api_key: key }).select('id', 'item_id', 'api_token').first();
  // Compare even without a row, so an unknown key costs the same as a wrong token.
  const matches = sameSecret(row?.api_token ?? '', token) && !!row;
  if (!matches) throw errors.apiKeyMismatch();
  const item = await findItem(deps.db, row!.item_id);
  if (!item || item.is_del) throw errors.apiKeyMismatch();
  await ItemToken.query(deps.db).findById(row!.id).patch({ last_check_time: deps.now() });
  return item;
}

/** Constant-time equality of two strings (hashing first evens out their lengths). */
function sameSecret(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length > 0;
}

/** Open-API writes need a live, unarchived item (10311 otherwise). The key holder may write read-only items: that is how CI fills them. */
export function requireApiWrite(item: ItemRow): void {
  if (item.is_archived) throw errors.itemArchived();
}

/**
 * Everything an open-API or sync action checks before its work: the per-key request budget
 * (counted before the key is verified, so guessing tokens for one key is throttled too; kept in
 * the database, so every server process and instance spends the same budget), the credentials,
 * and for writes an unarchived item. Counters of made-up keys go with the stale-counter cleanup.
 */
export async function authorizeApiCall(
  services: Services,
  credentials: { api_key?: unknown; api_token?: unknown },
  opts: { write: boolean },
): Promise<ItemRow> {
  const key = typeof credentials.api_key === 'string' ? credentials.api_key.trim().slice(0, 100) : '';
  if (key) await spendRateBudget(services, `openapi:${key}`, services.config.OPEN_API_RATE_PER_MINUTE, 60);
  const item = await resolveApiKey(services, credentials.api_key, credentials.api_token);
  if (opts.write) requireApiWrite(item);
  return item;
}
