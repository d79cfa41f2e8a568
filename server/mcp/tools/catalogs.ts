import { z } from 'zod';
import { MAX } from '../../../core/limits.ts';
import { authorizeCatalogSave } from '../../access/catalogs.ts';
import { saveCatalog } from '../../commands/catalogs/saveCatalog.ts';
import { authorOf } from '../../policies/author.ts';
import { defineTool } from '../tool.ts';

export const catalogTools = [
  defineTool({
    name: 'folio_create_catalog',
    title: 'Create a catalog',
    description:
      'Creates a catalog (folder) in an item, at the top level or under parent_cat_id. Answers its cat_id, to create pages in it with folio_create_page.',
    input: z.object({
      item_id: z.number().int().positive(),
      name: z.string().trim().min(1).max(MAX.catName),
      parent_cat_id: z.number().int().min(0).default(0),
    }),
    output: z.object({ item_id: z.number(), cat_id: z.number(), name: z.string(), parent_cat_id: z.number() }),
    write: true,
    idempotent: false,
    auditTarget: async (input) => ({ itemId: input.item_id, target: `new catalog "${input.name}"` }),
    async run({ services, actor }, input) {
      const parent = await authorizeCatalogSave(services, actor, { itemId: input.item_id, catId: 0, parentCatId: input.parent_cat_id });
      const catId = await saveCatalog(services, { itemId: input.item_id, name: input.name, parentCatId: parent, author: authorOf(actor) });
      return { item_id: input.item_id, cat_id: catId, name: input.name, parent_cat_id: input.parent_cat_id };
    },
  }),
];
