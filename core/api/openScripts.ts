import { z } from 'zod';
import { contract, type FileAnswer } from './contract.ts';
import { apiCredentials } from './open.ts';

/**
 * The actions of `server/routes/api/openScripts.ts`, called by ShowDoc's shell scripts: they answer
 * plain text (`成功`, `失败`, …), not the envelope. Validation failures answer in plain text too, so
 * the inputs take anything and the handler checks every field.
 */

export const openFromComments = contract<FileAnswer>()('open/fromComments', z.object({ ...apiCredentials, content: z.unknown().optional() }).loose());

export const openUpdateDbItem = contract<FileAnswer>()(
  'open/updateDbItem',
  z
    .object({
      ...apiCredentials,
      table_info: z.unknown().optional(),
      table_detail: z.unknown().optional(),
      table_index: z.unknown().optional(),
      cat_name: z.unknown().optional(),
      s_number: z.unknown().optional(),
    })
    .loose(),
);
