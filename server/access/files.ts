import { errors } from '../../core/errors.ts';
import { Attachment, type FileRow } from '../models/Attachment.ts';
import type { Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { denials } from './denials.ts';

/** A file of the library by id, or 10101. */
export async function loadFile(services: Pick<Services, 'db'>, fileId: number): Promise<FileRow> {
  const file = await Attachment.query(services.db).findById(fileId);
  if (!file) throw errors.notFound('file');
  return file;
}

/** Own files only; another user's file answers 10103 (administrators use `deleteAttachment`). */
export async function loadOwnFile(services: Pick<Services, 'db'>, actor: Actor, fileId: number): Promise<FileRow> {
  const file = await loadFile(services, fileId);
  if (actor.kind !== 'user' || file.uid !== actor.uid) throw denials.noPermission('file_id: this is not your file', 'file_id：这不是您的文件');
  return file;
}
