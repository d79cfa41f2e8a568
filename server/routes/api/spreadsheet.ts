import { errors } from '../../../core/errors.ts';
import { sanitizeFileName } from '../../../core/fileNames.ts';
import { ItemType } from '../../../core/limits.ts';
import type { LoadedItem } from '../../access/items.ts';
import { findSheetPage } from '../../commands/items/sheetPage.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/spreadsheet.ts';
import { downloadJobFile } from './export.ts';
import { exportJobError, fileJobError } from '../../../workers/jobErrors.ts';

/**
 * Spreadsheet items (type 4) and Excel: `export/xlsx` downloads the item's sheets as a workbook
 * to anyone who may read the item; `import/xlsx` turns an uploaded workbook into sheet JSON for
 * the editor, which then saves it like any edit (lock, history). `import/auto` creates a new
 * spreadsheet item from an .xlsx.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function requireSpreadsheet(loaded: LoadedItem): void {
  if (loaded.item.item_type !== ItemType.SPREADSHEET) {
    throw errors.failed('item_id: this item is not a spreadsheet item (item type 4)', 'item_id：该项目不是表格项目');
  }
}

export const spreadsheetActions: ActionDef[] = [
  action(contracts.exportXlsx, {
    auth: 'public',
    writes: false,
    // A download of the whole item: refused to guests when the site forces a login (issue #20, part 8).
    load: { item: { param: 'item_id', need: 'read' } },
    async handle({ services, loaded: { item: loaded } }) {
      requireSpreadsheet(loaded);
      const page = await findSheetPage(services.db, loaded.item.item_id);
      const fileName = `${sanitizeFileName(loaded.item.item_name)}.xlsx`;
      // exceljs builds the workbook in a worker process (workers/).
      let made;
      try {
        made = await services.jobs.runToFile('exportXlsx', { content: page?.page_content ?? '' }, { fileName });
      } catch (err) {
        throw exportJobError(err);
      }
      return downloadJobFile(made, XLSX_TYPE, fileName);
    },
  }),
  action(contracts.importXlsx, {
    auth: 'user',
    // Changes nothing on the server, but takes an upload: POST only, with proof of origin.
    writes: true,
    load: { item: { param: 'item_id', need: 'edit' } },
    async handle({ services, files, loaded: { item: loaded } }) {
      requireSpreadsheet(loaded);
      const file = files.find((f) => f.field === 'file') ?? files[0];
      if (!file) throw errors.failed('file: no file was uploaded', 'file：请上传文件');
      const fileName = file.originalFilename || 'file';
      try {
        return { sheets: await services.jobs.run('xlsxSheets', { path: file.filepath, fileName }, { fileName }) };
      } catch (err) {
        throw fileJobError(err);
      }
    },
  }),
];
