import { toCount, type Db } from '../../db/knex.ts';
import { flowMonth } from './visitFile.ts';
import { Attachment, type FileListRow } from '../../models/Attachment.ts';
import { FileFlow } from '../../models/FileFlow.ts';

export interface FileListFilter {
  /** Only this owner's files; undefined = everybody's (admin). */
  ownerUid?: number;
  /** -1 all, 1 images, 2 everything else. */
  attachmentType: number;
  displayName: string;
  /** Owner username substring (admin lists). */
  username: string;
  page: number;
  count: number;
}

/** `%`, `_` and `\` typed by a user match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, f: FileListFilter) {
  const q = Attachment.query(db).leftJoin('users', 'users.uid', 'files.uid');
  if (f.ownerUid !== undefined) q.where('files.uid', f.ownerUid);
  if (f.attachmentType === 1) q.where('files.file_type', 'like', 'image/%');
  if (f.attachmentType === 2) q.whereNot('files.file_type', 'like', 'image/%');
  if (f.displayName) q.whereRaw("lower(files.display_name) like lower(?) escape '\\'", [likePattern(f.displayName)]);
  if (f.username) q.whereRaw("lower(users.username) like lower(?) escape '\\'", [likePattern(f.username)]);
  return q;
}

/** One page of the file library, newest first, with the total matching. */
export async function listFiles(db: Db, f: FileListFilter): Promise<{ rows: FileListRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .select('files.*', 'users.username')
      .orderBy('files.addtime', 'desc')
      .orderBy('files.file_id', 'desc')
      .limit(f.count)
      .offset((f.page - 1) * f.count),
    filtered(db, f).resultSize(),
  ]);
  return { rows: rows as unknown as FileListRow[], total };
}

/** Bytes stored by a user (or everybody) and bytes served this month. */
export async function storageUsage(db: Db, uid: number | undefined, now: number, timeZone: string): Promise<{ usedBytes: number; flowBytes: number }> {
  const used = Attachment.query(db).sum('file_size as n');
  const flow = FileFlow.query(db)
    .sum('used as n')
    .where({ date_month: flowMonth(now, timeZone) });
  if (uid !== undefined) {
    used.where({ uid });
    flow.where({ uid });
  }
  const [u, f] = await Promise.all([used.first(), flow.first()]);
  return { usedBytes: toCount(u as Record<string, unknown> | undefined) || 0, flowBytes: toCount(f as Record<string, unknown> | undefined) || 0 };
}

/** The users storing the most bytes, largest first (the administrators' file library). */
export async function largestStorageUsers(db: Db, limit: number): Promise<{ uid: number; username: string; usedBytes: number; fileCount: number }[]> {
  const rows = (await Attachment.query(db)
    .leftJoin('users', 'users.uid', 'files.uid')
    .groupBy('files.uid', 'users.username')
    .select('files.uid', 'users.username')
    .sum('files.file_size as used')
    .count('files.file_id as files')
    .orderBy('used', 'desc')
    .orderBy('files.uid')
    .limit(limit)) as unknown as { uid: number; username: string | null; used: number | string; files: number | string }[];
  return rows.map((r) => ({ uid: Number(r.uid), username: r.username ?? '', usedBytes: Number(r.used), fileCount: Number(r.files) }));
}
