import { z } from 'zod';
import { canReadPage } from '../../policies/item.ts';
import { loadReadableItem } from '../../access/pages.ts';
import { readableItems } from '../../access/tokenItems.ts';
import { topOf } from '../../commands/catalogs/catalogTree.ts';
import { readSyncTree } from '../../commands/sync/readTree.ts';
import { decodeCursor, encodeCursor, MCP_LIMITS } from '../limits.ts';
import { defineTool } from '../tool.ts';

/** Items and their structure: where an agent starts. */
export const itemTools = [
  defineTool({
    name: 'folio_list_items',
    title: 'List documentation items',
    description:
      'Lists the documentation items (projects) this token can read, with their ids. Start here: every other tool needs an item_id or a page_id. ' +
      '`can_edit` says whether write tools will work in the item.',
    input: z.object({}),
    output: z.object({
      items: z.array(z.object({ item_id: z.number(), name: z.string(), description: z.string(), archived: z.boolean(), can_edit: z.boolean() })),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }) {
      const loaded = await readableItems(services, actor);
      return {
        items: loaded.map(({ item, abilities }) => ({
          item_id: item.item_id,
          name: item.item_name,
          description: item.item_description ?? '',
          archived: !!item.is_archived,
          can_edit: abilities.edit,
        })),
      };
    },
  }),

  defineTool({
    name: 'folio_get_item_tree',
    title: 'Get an item’s catalogs and pages',
    description:
      'The catalogs (folders) and pages of one item, in menu order: ids, titles, catalog paths, and each page’s revision_id and content_hash ' +
      '(no content; read it with folio_get_page). Long trees come in pages of rows: pass next_cursor back as cursor.',
    input: z.object({ item_id: z.number().int().positive(), cursor: z.string().optional().describe('next_cursor of the previous answer') }),
    output: z.object({
      item_id: z.number(),
      name: z.string(),
      catalogs: z.array(z.object({ cat_id: z.number(), name: z.string(), parent_cat_id: z.number(), path: z.array(z.string()) })),
      pages: z.array(
        z.object({ page_id: z.number(), title: z.string(), cat_id: z.number(), path: z.array(z.string()), revision_id: z.number(), content_hash: z.string() }),
      ),
      total_pages: z.number(),
      next_cursor: z.string().optional(),
    }),
    write: false,
    idempotent: true,
    async run({ services, actor }, input) {
      const loaded = await loadReadableItem(services, actor, input.item_id);
      const tree = await readSyncTree(services.db, loaded.item.item_id);
      // A member limited to some catalogs sees only those (and no root pages), as in the web menu.
      const parents = new Map(tree.catalogs.map((c) => [c.cat_id, c.parent_cat_id]));
      const readable = (catId: number) => canReadPage(loaded.abilities, catId ? topOf(parents, catId) : 0);
      const catalogs = tree.catalogs.filter((c) => readable(c.cat_id));
      const pages = tree.pages.filter((p) => readable(p.cat_id));
      const start = decodeCursor(input.cursor);
      const slice = pages.slice(start, start + MCP_LIMITS.listRows);
      return {
        item_id: loaded.item.item_id,
        name: loaded.item.item_name,
        catalogs: catalogs.map((c) => ({ cat_id: c.cat_id, name: c.cat_name, parent_cat_id: c.parent_cat_id, path: c.path })),
        pages: slice.map((p) => ({
          page_id: p.page_id,
          title: p.page_title,
          cat_id: p.cat_id,
          path: p.cat_path,
          revision_id: p.revision,
          content_hash: p.content_hash,
        })),
        total_pages: pages.length,
        ...(start + slice.length < pages.length ? { next_cursor: encodeCursor(start + slice.length) } : {}),
      };
    },
  }),
];
