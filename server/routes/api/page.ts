import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { assertNoControlCharacters } from '../../../core/controlChars.ts';
import { canReadComments } from '../../policies/comment.ts';
import { commentFacts } from '../../access/comments.ts';
import { action, type ActionAuth, type ActionContext, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/page.ts';
import type { Contract, OutputOf } from '../../../core/api/contract.ts';
import { actorUid } from '../../policies/actor.ts';
import { deletePage } from '../../commands/pages/deletePage.ts';
import { findHistoryVersion, historyLimitFor, listHistory } from '../../commands/pages/history.ts';
import { setPageLock } from '../../commands/pages/locks.ts';
import { findLiveLock, lockHolderName } from '../../models/PageLock.ts';
import { parseLiveState } from '../../live/mergeWrite.ts';
import { pageCatalogGuard, resolveSaveTarget, type LoadedPage } from '../../access/pages.ts';
import { authorOf } from '../../policies/author.ts';
import { savePage } from '../../commands/pages/savePage.ts';
import { pageExtras } from '../../commands/pages/pageExtras.ts';
import { createShareLink, removeShareLink } from '../../commands/pages/shareLink.ts';
import { pageByShareKey } from '../../access/shareKeys.ts';
import { sortPages } from '../../commands/pages/sortPages.ts';
import { presentHistory, presentLock, presentPage, presentPageView, presentSharedPage } from '../../presenters/page.ts';
import { pageRights } from '../../policies/item.ts';

/** page_content as sent: `is_urlencode=1` means URL-encoded (PHP urldecode: `+` is a space). */
function decodeContent(raw: string, urlencoded: boolean): string {
  if (!urlencoded) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw errors.validation('page_content: is not valid URL-encoded text', 'page_content：不是有效的 URL 编码文本');
  }
  assertNoControlCharacters(decoded, 'page_content');
  return decoded;
}

/** A `page/*` action addressed by `page_id` alone, on a page the caller may read or, with `need`, delete (loaded before `handle` runs). */
function pageIdAction<C extends Contract<string, typeof contracts.pageIdInput>>(
  contract: C,
  auth: ActionAuth,
  writes: boolean,
  handle: (ctx: ActionContext<z.output<typeof contracts.pageIdInput>>, target: LoadedPage) => Promise<OutputOf<C>>,
  need: 'read' | 'delete' = 'read',
): ActionDef {
  return action(contract, { auth, writes, load: { page: { param: 'page_id', need } }, handle: (ctx) => handle(ctx, ctx.loaded.page) });
}

export const pageActions: ActionDef[] = [
  pageIdAction(contracts.pageInfo, 'public', false, async ({ actor, services }, target) => {
    const { page, loaded, topCatId } = target;
    const extras = await pageExtras(services, page.page_id);
    const comments = canReadComments(commentFacts(target)) ? extras.comment_count : 0;
    return presentPageView(page, services.config.TIMEZONE, { ...extras, comment_count: comments }, pageRights(actor, loaded.abilities, page, topCatId));
  }),

  action(contracts.pageInfoByKey, {
    auth: 'public',
    writes: false,
    async handle({ input, services }) {
      const page = input.unique_key ? await pageByShareKey(services, input.unique_key) : null;
      if (!page || (input.page_id && input.page_id !== page.page_id)) throw errors.notFound('page');
      return presentSharedPage(page, services.config.TIMEZONE, await pageExtras(services, page.page_id));
    },
  }),

  action(contracts.pageSave, {
    auth: 'user',
    writes: true,
    async handle({ input, actor, services, lang }) {
      const content = decodeContent(input.page_content, input.is_urlencode);
      const liveState = input.live_state ? parseLiveState(input.live_state) : undefined;
      if (!content.trim()) throw errors.failed('page_content: content must not be empty', '不允许保存空内容，请随便写点什么');
      if (content.length > MAX.pageContent) throw errors.validation(`page_content: must be at most ${MAX.pageContent} characters`);
      const title = input.page_title.trim() || (lang === 'zh' ? '默认标题' : 'Untitled');
      const itemId = await resolveSaveTarget(services, actor, { pageId: input.page_id, itemId: input.item_id, catId: input.cat_id });
      const { page } = await savePage(services, {
        itemId,
        pageId: input.page_id || undefined,
        title,
        content,
        catId: input.cat_id,
        sNumber: input.s_number && input.s_number > 0 ? input.s_number : undefined,
        baseRevision: input.base_revision,
        comments: input.page_comments,
        author: authorOf(actor),
        historyLimit: await historyLimitFor(services),
        liveState,
      });
      return presentPage(page, services.config.TIMEZONE);
    },
  }),

  action(contracts.pageSort, {
    auth: 'user',
    writes: true,
    // Catalog restrictions are checked per page by the command.
    load: { item: { param: 'item_id', need: 'edit' } },
    async handle({ input, services, loaded: { item: loaded } }) {
      const orders = new Map(Object.entries(input.pages).map(([k, v]) => [Number(k), v]));
      await sortPages(services, {
        itemId: input.item_id,
        orders,
        assertMayWriteCat: pageCatalogGuard(loaded),
      });
      return [];
    },
  }),

  pageIdAction(
    contracts.pageDelete,
    'user',
    true,
    async ({ actor, services }, { page }) => {
      await deletePage(services, { itemId: page.item_id, pageId: page.page_id, by: authorOf(actor) });
      return [];
    },
    'delete',
  ),

  pageIdAction(contracts.pageHistory, 'public', false, async ({ services }, { page }) => {
    const rows = await listHistory(services.db, page.page_id, await historyLimitFor(services));
    return rows.map((r) => presentHistory(r, services.config.TIMEZONE));
  }),

  action(contracts.pageDiff, {
    auth: 'public',
    writes: false,
    load: { page: { param: 'page_id', need: 'read' } },
    async handle({
      input,
      services,
      loaded: {
        page: { page },
      },
    }) {
      const history = await findHistoryVersion(services.db, page.page_id, input.page_history_id);
      if (!history) throw errors.notFound('page history');
      return { page: presentPage(page, services.config.TIMEZONE), history_page: presentHistory(history, services.config.TIMEZONE) };
    },
  }),

  action(contracts.pageCreateSinglePage, {
    auth: 'user',
    writes: true,
    load: { page: { param: 'page_id', need: 'write' } },
    async handle({
      input,
      services,
      loaded: {
        page: { page },
      },
    }) {
      if (input.isCreateSiglePage === 'true' || input.isCreateSiglePage === '1') return { unique_key: await createShareLink(services, page.page_id) };
      await removeShareLink(services, page.page_id);
      return { unique_key: '' };
    },
  }),

  action(contracts.pageSetLock, {
    auth: 'user',
    writes: true,
    load: { page: { param: 'page_id', need: 'write' } },
    async handle({
      input,
      actor,
      services,
      loaded: {
        page: { page },
      },
    }) {
      if (input.item_id && input.item_id !== page.item_id) throw errors.validation('item_id: the page belongs to another item');
      const result = await setPageLock(services, { pageId: page.page_id, itemId: page.item_id, holder: authorOf(actor), lockTo: input.lock_to });
      return { lock: result.released ? 0 : 1, lock_to: result.lock_to };
    },
  }),

  pageIdAction(contracts.pageIsLock, 'public', false, async ({ actor, services }, { page }) => {
    const lock = await findLiveLock(services.db, page.page_id, services.now());
    return presentLock(lock && { ...lock, lock_name: await lockHolderName(services.db, lock) }, actorUid(actor));
  }),
];
