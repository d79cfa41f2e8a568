import crypto from 'node:crypto';
import { errors } from '../../core/errors.ts';
import type { Deps, Services } from '../services.ts';
import { spendRateBudget } from '../throttle/rateLimit.ts';
import { findItem, loadItem, requireVisit, requireWholeItemEdit } from './items.ts';
import { tokenGrant, type Actor, type UserActor } from '../policies/actor.ts';
import type { ItemRow } from '../models/Item.ts';
import { authorOf, type Author, API_AUTHOR } from '../policies/author.ts';
import { ItemToken } from '../models/ItemToken.ts';
import { denials } from './denials.ts';

/**
 * The open API's credential: an item's api_key + api_token (made by item/getKey). Both must match
 * one `item_tokens` row; the token is compared in constant time so response timing does not leak
 * how much of a guess was right. A mismatch of either, or a missing one, is 10306.
 */
async function resolveApiKey(deps: Pick<Deps, 'db' | 'now'>, apiKey: unknown, apiToken: unknown): Promise<ItemRow> {
  const key = typeof apiKey === 'string' ? apiKey.trim() : '';
  const token = typeof apiToken === 'string' ? apiToken.trim() : '';
  if (!key || !token || key.length > 100 || token.length > 100) throw denials.apiKeyMismatch();
  const row = await ItemToken.query(deps.db).where({ api_key: key }).select('id', 'item_id', 'api_token').first();
  // Compare even without a row, so an unknown key costs the same as a wrong token.
  const matches = sameSecret(row?.api_token ?? '', token) && !!row;
  if (!matches) throw denials.apiKeyMismatch();
  const item = await findItem(deps.db, row!.item_id);
  if (!item || item.is_del) throw denials.apiKeyMismatch();
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
function requireApiWrite(item: ItemRow): void {
  if (item.is_archived) throw denials.itemArchived();
}

/**
 * Everything an open-API or sync action checks before its work: the per-key request budget
 * (counted before the key is verified, so guessing tokens for one key is throttled too; kept in
 * the database, so every server process and instance spends the same budget), the credentials,
 * and for writes an unarchived item. Counters of made-up keys go with the stale-counter cleanup.
 */
export async function authorizeApiCall(
  services: Services,
  credentials: { api_key?: unknown; api_token?: unknown; item_id?: unknown },
  opts: { write: boolean; actor?: Actor },
): Promise<ItemRow> {
  const actor = opts.actor;
  if (callsWithToken(actor, credentials)) return authorizeTokenApiCall(services, actor as UserActor, credentials.item_id, opts.write);
  const key = typeof credentials.api_key === 'string' ? credentials.api_key.trim().slice(0, 100) : '';
  if (key) await spendRateBudget(services, `openapi:${key}`, services.config.OPEN_API_RATE_PER_MINUTE, 60);
  const item = await resolveApiKey(services, credentials.api_key, credentials.api_token);
  if (opts.write) requireApiWrite(item);
  return item;
}

/** A personal access token (not the item's key) authorises this open-API call. */
function callsWithToken(actor: Actor | undefined, credentials: { api_key?: unknown }): boolean {
  return !!actor && !!tokenGrant(actor) && !credentials.api_key;
}

/**
 * Who an open-API write is recorded as: with a personal access token its user, "via API (token
 * '<name>')" as MCP writes are "via MCP"; with the item's key the generic `API` author.
 */
export function apiWriterOf(actor: Actor | undefined, credentials: { api_key?: unknown }): Author {
  return callsWithToken(actor, credentials) ? authorOf(actor!) : API_AUTHOR;
}

/** The request budget of one personal access token per minute, shared by the MCP server and the API (OPEN_API_RATE_PER_MINUTE, in the database). */
export async function spendTokenBudget(services: Services, tokenId: number): Promise<void> {
  await spendRateBudget(services, `token:${tokenId}`, services.config.OPEN_API_RATE_PER_MINUTE, 60);
}

/**
 * The open API with a personal access token instead of the item's key (issue #23): `item_id`
 * names the item, and the token's user must hold the rights the key stands for — reading the
 * whole item (a member limited to some catalogs gets 10301: these actions answer all of it), or
 * for writes editing all of it (10302 / 10311). The token's scope and allow-list apply through
 * the abilities; the dispatcher has already refused writes to read tokens.
 */
async function authorizeTokenApiCall(services: Services, actor: UserActor, itemId: unknown, write: boolean): Promise<ItemRow> {
  await spendTokenBudget(services, actor.token!.id);
  const id = typeof itemId === 'number' || typeof itemId === 'string' ? String(itemId).trim() : '';
  if (!id) throw errors.validation('item_id: is required with a personal access token (without one, api_key and api_token name the item)');
  const loaded = await loadItem(services, actor, id);
  if (write) requireWholeItemEdit(loaded);
  else {
    requireVisit(loaded);
    if (loaded.abilities.allowedTopCatIds !== null) throw denials.noVisit();
  }
  return loaded.item;
}
