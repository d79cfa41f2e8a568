import { errors } from '../../../core/errors.ts';
import { UserGroup } from '../../../core/limits.ts';
import { toCount } from '../../db/knex.ts';
import { lockUserForUploads } from '../../db/locks.ts';
import type { Deps } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';
import { Attachment } from '../../models/Attachment.ts';
import { User } from '../../models/User.ts';

/**
 * The per-user storage quota (issue #26): the admin setting `upload_quota_mb` caps the bytes of
 * the files a user owns (0 = no cap). Administrators are not capped. Every stored upload goes
 * through storeUpload, which asks here — so file-library uploads, page attachments, editor images,
 * the open API and `docs push` assets (owned by the item's creator) all count.
 */
export interface StorageQuota {
  /** Bytes of the user's files. */
  usedBytes: number;
  /** The cap in bytes; 0 = none. */
  quotaBytes: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 100) / 100} MB`;

/** The cap that applies to a user: none for administrators and unknown owners. */
async function quotaBytesOf(db: Deps['db'], uid: number, lockOwner: boolean): Promise<number> {
  const perUser = await quotaPerUserBytes({ db });
  if (!perUser) return 0;
  // Inside the upload's transaction the owner's row is locked (PostgreSQL), so two uploads of one
  // user are counted one after the other; SQLite's single writer already serialises them.
  if (lockOwner) await lockUserForUploads(db, uid);
  const owner = await User.query(db).findById(uid).select('groupid');
  return !owner || owner.groupid === UserGroup.ADMIN ? 0 : perUser;
}

async function usedBytesOf(db: Deps['db'], uid: number): Promise<number> {
  return toCount((await Attachment.query(db).where({ uid }).sum('file_size as n').first()) as Record<string, unknown> | undefined) || 0;
}

/** The quota per user in bytes as the admin set it (0 = none). */
export async function quotaPerUserBytes(deps: Pick<Deps, 'db'>): Promise<number> {
  return (await loadSiteSettings(deps.db)).upload_quota_mb * MB;
}

/** What a user stores against their cap (the file library shows it). */
export async function storageQuotaOf(deps: Pick<Deps, 'db'>, uid: number): Promise<StorageQuota> {
  const [quotaBytes, usedBytes] = await Promise.all([quotaBytesOf(deps.db, uid, false), usedBytesOf(deps.db, uid)]);
  return { usedBytes, quotaBytes };
}

/**
 * Throws 10100 when storing `addBytes` more would take the user past their cap, naming the cap
 * and the usage. Called inside the transaction that records the file, so concurrent uploads
 * cannot together exceed it (`early`: a check before that transaction, which locks nothing).
 */
export async function assertWithinQuota(tx: Pick<Deps, 'db'>, uid: number, addBytes: number, opts: { early?: boolean } = {}): Promise<void> {
  const quotaBytes = await quotaBytesOf(tx.db, uid, !opts.early);
  if (!quotaBytes) return;
  const usedBytes = await usedBytesOf(tx.db, uid);
  if (usedBytes + addBytes <= quotaBytes) return;
  throw errors.validation(
    `file: storing this ${mb(addBytes)} file would exceed the storage quota of ${mb(quotaBytes)} per user (${mb(usedBytes)} used, ${mb(Math.max(0, quotaBytes - usedBytes))} left)`,
    `file：存储这个 ${mb(addBytes)} 的文件将超过每个用户 ${mb(quotaBytes)} 的存储配额（已用 ${mb(usedBytes)}，剩余 ${mb(Math.max(0, quotaBytes - usedBytes))}）`,
  );
}
