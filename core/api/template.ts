import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { Template } from '../wire.ts';
import { contract, type NoData } from './contract.ts';
import { zId, zIdOrZero, zRequiredText, zText } from './schema.ts';

/** The `template/*` actions of `server/routes/api/template.ts`: each user's own page templates. */

const noInput = z.object({}).loose();

export const templateGetList = contract<Template[]>()('template/getList', noInput);

/** ShowDoc's current name for the same list. */
export const templateGetMyList = contract<Template[]>()('template/getMyList', noInput);

export const templateSave = contract<{ id: number }>()(
  'template/save',
  z
    .object({
      id: zIdOrZero,
      template_title: zRequiredText(MAX.templateTitle),
      template_content: zText(MAX.pageContent),
    })
    .loose(),
);

export const templateDelete = contract<NoData>()('template/delete', z.object({ id: zId }).loose());
