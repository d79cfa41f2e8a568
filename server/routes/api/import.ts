import { errors } from '../../../core/errors.ts';
import * as contracts from '../../../core/api/import.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { importFile } from '../../commands/tree/importFile.ts';
import { actorRef } from '../../policies/actor.ts';

/**
 * `import/auto`: one uploaded file (ShowDoc/Markdown zip, OpenAPI/Swagger JSON or YAML, Postman
 * collection), detected from its content. Creates a new item with the chosen visibility
 * (`password`: empty = open, else private with it; not sent = private with a random password,
 * answered as `item_password` so the owner knows it), or imports into `item_id` when the caller
 * may edit all of it. Nothing is written unless the whole file reads. An OpenAPI/Postman file also
 * records an API version of the item (apiChange/*), answered as `api_version` when the API changed.
 * An OpenAPI file that reads but fails strict validation imports, its problems answered as `warnings`.
 */
export const importActions: ActionDef[] = [
  action(contracts.importAuto, {
    auth: 'user',
    writes: true,
    // Importing into an item needs edit rights on all of it; without item_id a new item is made.
    load: { item: { param: 'item_id', need: 'editAll', optional: true } },
    async handle({ input, actor, services, files, lang }) {
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.failed('file: no file was uploaded', 'file：请上传文件');
      // auth 'user': the dispatcher let only users in.
      return importFile(services, {
        path: file.filepath,
        fileName: file.originalFilename ?? undefined,
        lang,
        owner: actorRef(actor),
        itemId: input.item_id,
        itemName: input.item_name,
        password: input.password,
      });
    },
  }),
];
