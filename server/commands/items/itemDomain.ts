import { AppError, ErrorCode, errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolationOn } from '../../db/constraints.ts';
import { Item } from '../../models/Item.ts';

/**
 * Personalized domains (`/{item_domain}`): letters and digits only, not all digits (an all-digit
 * name would read as an item id), unique regardless of case (stored lower case), and not one of
 * the app's own first path segments.
 */
const RESERVED = new Set(['api', 'server', 'assets', 'healthz', 'item', 'user', 'admin', 'page', 'team', 'catalog', 'attachment', 'notice', 'index', 'home']);

function domainTaken(): AppError {
  const e = errors.domainTaken();
  return new AppError(ErrorCode.DOMAIN_TAKEN, { en: `item_domain: ${e.localized.en.charAt(0).toLowerCase()}${e.localized.en.slice(1)}`, zh: e.localized.zh });
}

/** '' → null (no domain); otherwise the lower-cased domain, or 10305/10304. */
export function normaliseItemDomain(raw: string | undefined): string | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  if (s.length > MAX.itemDomain) throw errors.validation(`item_domain: must be at most ${MAX.itemDomain} characters`);
  if (!/^[A-Za-z0-9]+$/.test(s) || /^\d+$/.test(s)) throw errors.domainInvalid();
  const lower = s.toLowerCase();
  if (RESERVED.has(lower)) throw domainTaken();
  return lower;
}

/** 10304 when another item already uses the domain (deleted items keep theirs until purged). */
export async function assertDomainFree(db: Db, domain: string | null, exceptItemId = 0): Promise<void> {
  if (!domain) return;
  const row = await Item.query(db).where({ item_domain: domain }).whereNot({ item_id: exceptItemId }).select('item_id').first();
  if (row) throw domainTaken();
}

/** Turns a lost race on the unique index into the same 10304. */
export function rethrowDomainRace(err: unknown): never {
  if (isUniqueViolationOn(err, 'item_domain')) throw domainTaken();
  throw err;
}
