import crypto from 'node:crypto';
import { raw } from 'objection';
import { errors } from '../../../core/errors.ts';
import { inTransaction, type Deps } from '../../services.ts';
import { checkMockTemplate, MockTemplateError } from './mockTemplate.ts';
import { Mock, type MockRow } from '../../models/Mock.ts';

export type { MockRow } from '../../models/Mock.ts';

/** `users/1` → `/users/1`; '' stays '' (no path: reachable by key only). */
function normaliseMockPath(path: string): string {
  const p = path.trim();
  if (!p) return '';
  if (p.startsWith('~'))
    throw errors.validation(
      'path: regular-expression paths are not supported; give an exact path such as /users/1',
      'path：不支持正则路径，请填写精确路径，如 /users/1',
    );
  if (/\s/.test(p)) throw errors.validation('path: must not contain spaces', 'path：不能包含空格');
  return p.startsWith('/') ? p : `/${p}`;
}

/**
 * Saves the mock of a page (one per page): the template must be a safe Mock.js JSON template.
 * The key stays the same across updates, so URLs handed out keep working.
 */
export async function saveMock(
  deps: Deps,
  input: { uid: number; page_id: number; item_id: number; template: string; path: string },
): Promise<{ page_id: number; unique_key: string; path: string }> {
  try {
    checkMockTemplate(input.template);
  } catch (err) {
    if (err instanceof MockTemplateError) throw errors.validation(`template: ${err.message}`, `template：${err.message}`);
    throw err;
  }
  const path = normaliseMockPath(input.path);
  return inTransaction(deps, async (tx) => {
    const now = tx.now();
    if (path) {
      const clash = await Mock.query(tx.db).modify('inItem', input.item_id).where({ path }).whereNot({ page_id: input.page_id }).select('page_id').first();
      if (clash)
        throw errors.validation(`path: ${path} is already used by the mock of page ${clash.page_id}`, `path：${path} 已被页面 ${clash.page_id} 的 Mock 使用`);
    }
    const existing = await Mock.query(tx.db).where({ page_id: input.page_id }).first();
    if (existing) {
      await Mock.query(tx.db).findById(existing.id).patch({ template: input.template, path, item_id: input.item_id, last_update_time: now });
      return { page_id: input.page_id, unique_key: existing.unique_key, path };
    }
    const unique_key = crypto.randomBytes(16).toString('hex');
    await Mock.query(tx.db).insert({
      unique_key,
      uid: input.uid,
      page_id: input.page_id,
      item_id: input.item_id,
      template: input.template,
      path,
      addtime: now,
      last_update_time: now,
    });
    return { page_id: input.page_id, unique_key, path };
  });
}

export async function findMockOfPage(deps: Pick<Deps, 'db'>, pageId: number): Promise<MockRow | null> {
  return (await Mock.query(deps.db).where({ page_id: pageId }).first()) ?? null;
}

/** A mock that may be served: its page and item still exist and are not deleted. */
async function servable(deps: Pick<Deps, 'db'>, where: Record<string, unknown>): Promise<MockRow | null> {
  const row = await Mock.query(deps.db)
    .join('pages', 'pages.page_id', 'mocks.page_id')
    .join('items', 'items.item_id', 'mocks.item_id')
    .where(where)
    .where({ 'pages.is_del': 0, 'items.is_del': 0 })
    .select('mocks.*')
    .first();
  return row ?? null;
}

export const findMockByKey = (deps: Pick<Deps, 'db'>, key: string) => servable(deps, { 'mocks.unique_key': key });
export const findMockByPath = (deps: Pick<Deps, 'db'>, itemId: number, path: string) => servable(deps, { 'mocks.item_id': itemId, 'mocks.path': path });

export async function countMockView(deps: Deps, id: number): Promise<void> {
  await Mock.query(deps.db)
    .findById(id)
    .patch({ view_times: raw('view_times + 1') });
}
