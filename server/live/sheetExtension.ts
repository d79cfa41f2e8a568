import type { Extension } from '@hocuspocus/server';
import { parseDocName } from '../../core/live.ts';
import { compactSheetDoc, sheetOpLog } from '../../core/sheetLive.ts';
import type { Services } from '../services.ts';

/** The server's own change to a loaded sheet (not a client's): stored with the next store, sent to clients. */
const COMPACT_ORIGIN = { source: 'local', folio: 'sheet-compact' } as const;

/**
 * Live spreadsheets (issue #22), the last extension in hub.ts. A `sheet.<page_id>` document is
 * loaded, seeded and stored by the persistence extension like a Markdown page, through the sheet
 * codec (sheetCodec.ts); here its op log is folded into its base when it is opened, so the
 * stored state does not grow with every edit of every session.
 */
export function sheetExtension(_services: Services): Extension {
  return {
    extensionName: 'folio-sheet',
    async afterLoadDocument({ documentName, document }) {
      if (parseDocName(documentName)?.kind !== 'sheet') return;
      if (sheetOpLog(document).length) compactSheetDoc(document, COMPACT_ORIGIN);
    },
  };
}
