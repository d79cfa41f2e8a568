import { z } from 'zod';
import type { FortuneSheet } from '../spreadsheet.ts';
import { contract, type FileAnswer } from './contract.ts';
import { zId } from './schema.ts';

/** The spreadsheet item's Excel actions of `server/routes/api/spreadsheet.ts`. */

/** The item's sheets as an .xlsx download. */
export const exportXlsx = contract<FileAnswer>()('export/xlsx', z.object({ item_id: zId }).loose());

/** An uploaded workbook (`file`) as sheets for the editor, which saves them like any edit. */
export const importXlsx = contract<{ sheets: FortuneSheet[] }>()('import/xlsx', z.object({ item_id: zId }).loose());
