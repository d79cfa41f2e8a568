import { errors } from '../../../core/errors.ts';
import { apiWriterOf, authorizeApiCall } from '../../access/apiKeys.ts';
import { deleteCatalog } from '../../commands/catalogs/deleteCatalog.ts';
import { saveCatalog } from '../../commands/catalogs/saveCatalog.ts';
import { deletePage } from '../../commands/pages/deletePage.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { parseCatalogPath } from '../../commands/sync/catalogPaths.ts';
import { catalogOf, livePageOf } from '../../commands/sync/itemLookups.ts';
import { assertContentSize } from '../../commands/sync/limits.ts';
import { readCatalogTreeWithContent } from '../../commands/sync/readTree.ts';
import { upsertPageByTitle } from '../../commands/sync/upsertPageByTitle.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/open.ts';
import { presentPage } from '../../presenters/page.ts';
import { openFileActions } from './openFiles.ts';
import { scriptActions } from './openScripts.ts';

/**
 * `open/*`: ShowDoc's script-facing API, authenticated by an item's api_key + api_token (from
 * form, JSON, multipart or query). Writes are recorded as author `API` (with a personal access
 * token: its user, via the token; apiWriterOf) and, unlike ShowDoc, keep page history.
 */
const updatePage = (contract: typeof contracts.openUpdatePage | typeof contracts.openUpdateItem | typeof contracts.itemUpdateByApi) =>
  action(contract, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const title = input.page_title.trim();
      if (!title) throw errors.failed('page_title: is required', 'page_title：不能为空');
      assertContentSize('page_content', input.page_content);
      const { page } = await upsertPageByTitle(services, {
        itemId: item.item_id,
        catPath: parseCatalogPath(input.cat_name, input.cat_name_sub),
        title,
        content: input.page_content,
        sNumber: input.s_number,
        historyLimit: await historyLimitFor(services),
        author: apiWriterOf(actor, input),
      });
      return presentPage(page, services.config.TIMEZONE);
    },
  });

export const openActions: ActionDef[] = [
  updatePage(contracts.openUpdatePage),
  updatePage(contracts.openUpdateItem),
  updatePage(contracts.itemUpdateByApi),

  action(contracts.openGetPage, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      const page = await livePageOf(services.db, item.item_id, { page_id: input.page_id, page_title: input.page_title.trim() });
      return presentPage(page, services.config.TIMEZONE);
    },
  }),

  action(contracts.openDeletePage, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const page = await livePageOf(services.db, item.item_id, { page_id: input.page_id });
      await deletePage(services, { itemId: item.item_id, pageId: page.page_id, by: apiWriterOf(actor, input) });
      return { page_id: page.page_id };
    },
  }),

  action(contracts.openGetCatalogTree, {
    auth: 'public',
    writes: false,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: false, actor });
      return readCatalogTreeWithContent(services.db, item.item_id);
    },
  }),

  action(contracts.openCreateCatalog, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      const catId = await saveCatalog(services, {
        itemId: item.item_id,
        name: input.cat_name,
        parentCatId: input.parent_cat_id,
        sNumber: input.s_number,
        author: apiWriterOf(actor, input),
      });
      return catalogOf(services.db, item.item_id, catId);
    },
  }),

  action(contracts.openUpdateCatalog, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      await catalogOf(services.db, item.item_id, input.cat_id);
      await saveCatalog(services, {
        itemId: item.item_id,
        catId: input.cat_id,
        name: input.cat_name,
        sNumber: input.s_number,
        author: apiWriterOf(actor, input),
      });
      return catalogOf(services.db, item.item_id, input.cat_id);
    },
  }),

  action(contracts.openDeleteCatalog, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services }) {
      const item = await authorizeApiCall(services, input, { write: true, actor });
      await deleteCatalog(services, { itemId: item.item_id, catId: input.cat_id, by: apiWriterOf(actor, input) });
      return { cat_id: input.cat_id };
    },
  }),

  ...scriptActions,
  ...openFileActions,
];
