import { errors } from '../../../core/errors.ts';
import type { Db } from '../../db/knex.ts';
import { loadCatalogs, type CatalogRow } from '../catalogs/loadCatalogs.ts';
import { Attachment, type FileRow } from '../../models/Attachment.ts';
import { Page, type PageRow } from '../../models/Page.ts';

/**
 * Finding things of one item for the open API: only the key's own item is ever searched, so a
 * page, catalog or file id of another item is simply "not found" (10101).
 */
export async function livePageOf(db: Db, itemId: number, where: { page_id?: number; page_title?: string }): Promise<PageRow> {
  const q = Page.query(db).modify('inItem', itemId).modify('notDeleted');
  if (where.page_id) q.andWhere({ page_id: where.page_id });
  else if (where.page_title) q.andWhere({ page_title: where.page_title }).orderBy('page_id');
  else throw errors.validation('page_id: is required (or page_title)', 'page_id：必填（或 page_title）');
  const page = await q.first();
  if (!page) throw errors.notFound('page');
  return page;
}

export async function catalogOf(db: Db, itemId: number, catId: number): Promise<CatalogRow> {
  const cat = (await loadCatalogs(db, itemId)).find((c) => c.cat_id === catId);
  if (!cat) throw errors.notFound('catalog');
  return cat;
}

/** A file of the item by id, or by its sign (as given, or taken from a file URL's `sign=`). */
export async function fileOf(db: Db, itemId: number, ref: { file_id: number; sign: string; file_url: string }): Promise<FileRow> {
  const sign = ref.sign.trim() || (/[?&]sign=([0-9a-f]{16,64})/i.exec(ref.file_url)?.[1] ?? '');
  if (!ref.file_id && !sign) throw errors.validation('file_id: is required (or sign, or file_url)', 'file_id：必填（或 sign、file_url）');
  const q = Attachment.query(db).modify('inItem', itemId);
  const file = await (ref.file_id ? q.andWhere({ file_id: ref.file_id }) : q.andWhere({ sign })).first();
  if (!file) throw errors.notFound('file');
  return file;
}
