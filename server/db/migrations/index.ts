import type { Knex } from 'knex';
import * as initialSchema from './20261121000000_initial_schema.ts';
import * as pageSearchIndex from './20261121020000_page_search_index.ts';
import * as pageMenuCoveringIndex from './20261121030000_page_menu_covering_index.ts';
import * as itemMenuVersion from './20261125030000_item_menu_version.ts';
import * as pageSearchDetailNone from './20261125030100_page_search_detail_none.ts';
import * as pageSyncSource from './20261125040000_page_sync_source.ts';
import * as apiVersions from './20261126060000_api_versions.ts';
import * as webhooks from './20261126070000_webhooks.ts';
import * as webhookBotSecret from './20261127010000_webhook_bot_secret.ts';
import * as pageSearchOrderIndex from './20261127122000_page_search_order_index.ts';
import * as dropUnusedSearchIndexes from './20261127122100_drop_unused_search_indexes.ts';
import * as accountIdentity from './20261127127000_account_identity.ts';
import * as accessTokens from './20261127161000_access_tokens.ts';
import * as commentsFeedback from './20261127162000_comments_feedback.ts';
import * as pageSyncBlob from './20261127163000_page_sync_blob.ts';
import * as itemPreviews from './20261127165000_item_previews.ts';
import * as pageSyncNavOrder from './20261127172000_page_sync_nav_order.ts';
import * as itemLiveEditing from './20261128000100_item_live_editing.ts';
import * as pageLiveDocs from './20261128000200_page_live_docs.ts';
import * as liveBus from './20261128000300_live_bus.ts';

/**
 * Migrations are listed here explicitly (not discovered on disk) so they run the same under
 * Node's type stripping, in tests and in a bundled build. Append new ones; never edit a shipped one.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261121000000_initial_schema': initialSchema,
  '20261121020000_page_search_index': pageSearchIndex,
  '20261121030000_page_menu_covering_index': pageMenuCoveringIndex,
  '20261125030000_item_menu_version': itemMenuVersion,
  '20261125030100_page_search_detail_none': pageSearchDetailNone,
  '20261125040000_page_sync_source': pageSyncSource,
  '20261126060000_api_versions': apiVersions,
  '20261126070000_webhooks': webhooks,
  '20261127010000_webhook_bot_secret': webhookBotSecret,
  '20261127122000_page_search_order_index': pageSearchOrderIndex,
  '20261127122100_drop_unused_search_indexes': dropUnusedSearchIndexes,
  '20261127127000_account_identity': accountIdentity,
  '20261127161000_access_tokens': accessTokens,
  '20261127162000_comments_feedback': commentsFeedback,
  '20261127163000_page_sync_blob': pageSyncBlob,
  '20261127165000_item_previews': itemPreviews,
  '20261127172000_page_sync_nav_order': pageSyncNavOrder,
  '20261128000100_item_live_editing': itemLiveEditing,
  '20261128000200_page_live_docs': pageLiveDocs,
  '20261128000300_live_bus': liveBus,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
