import fs from 'node:fs/promises';
import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { loadItem, requireWholeItemEdit } from '../../access/items.ts';
import { persistTree } from '../../commands/tree/persistTree.ts';
import { historyLimitFor } from '../../commands/pages/history.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { actorRef } from '../../policies/actor.ts';
import { zId, zText } from '../../http/schema.ts';

/**
 * `import/auto`: one uploaded file (ShowDoc/Markdown zip, OpenAPI/Swagger JSON or YAML, Postman
 * collection), detected from its content. Creates a new item with the chosen visibility
 * (`password`: empty = open, else private with it; not sent = private with a random password,
 * answered as `item_password` so the owner knows it), or imports into `item_id` when the caller
 * may edit all of it. Nothing is written unless the whole file reads.
 */
export const importActions: ActionDef[] = [
  action({
    name: 'import/auto',
    auth: 'user',
    writes: true,
    input: z.object({ item_id: zId.optional(), item_name: zText(MAX.itemName).optional(), password: zText(MAX.password).optional() }).loose(),
    async handle({ input, actor, services, files, lang }) {
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.failed('file: no file was uploaded', 'file：请上传文件');
      if (input.item_id) requireWholeItemEdit(await loadItem(services, actor, input.item_id));
      const bytes = new Uint8Array(await fs.readFile(file.filepath));
      // The importers (swagger-parser, postman-collection, jszip) load with the first import, not with the server.
      const { FormatError, importFile } = await import('../../../importers/index.ts');
      let tree;
      try {
        ({ tree } = await importFile(bytes, { fileName: file.originalFilename, lang }));
      } catch (err) {
        if (err instanceof FormatError) throw errors.failed(`file: ${err.message}`, `file：无法导入（${err.message}）`);
        throw err;
      }
      const result = await persistTree(services, {
        tree,
        owner: actorRef(actor), // auth 'user': the dispatcher let only users in
        itemId: input.item_id,
        itemName: input.item_name || undefined,
        password: input.password,
        historyLimit: await historyLimitFor(services),
      });
      return { item_id: result.itemId, ...(result.generatedPassword ? { item_password: result.generatedPassword } : {}) };
    },
  }),
];
