import type { Extension } from '@hocuspocus/server';
import type * as Y from 'yjs';
import { parseDocName } from '../../core/live.ts';
import { compactSheetDoc, sheetMeta, sheetOpLog } from '../../core/sheetLive.ts';
import type { Services } from '../services.ts';

/** The server's own changes to a loaded sheet (not a client's): stored with the next store, sent to clients. */
const COMPACT_ORIGIN = { source: 'local', folio: 'sheet-compact' } as const;
const GUARD_ORIGIN = { source: 'local', folio: 'sheet-guard' } as const;

/**
 * Live spreadsheets (issue #22), the last extension in hub.ts. A `sheet.<page_id>` document is
 * loaded, seeded and stored by the persistence extension like a Markdown page, through the sheet
 * codec (sheetCodec.ts). Here: its op log is folded into its base when it is opened, so the
 * stored state does not grow with every edit of every session; and the base is the server's
 * alone — a client that writes it (only a hand-made one would) has it put back at once.
 */
export function sheetExtension(_services: Services): Extension {
  return {
    extensionName: 'folio-sheet',
    async afterLoadDocument({ documentName, document }) {
      if (parseDocName(documentName)?.kind !== 'sheet') return;
      if (sheetOpLog(document).length) compactSheetDoc(document, COMPACT_ORIGIN);
      guardBase(document);
    },
  };
}

function guardBase(doc: Y.Doc): void {
  const meta = sheetMeta(doc);
  let known = new Map(meta.entries());
  doc.on('afterTransaction', (tr) => {
    if (!tr.changed.has(meta as never)) return;
    if ((tr.origin as { source?: string } | null)?.source !== 'connection') {
      known = new Map(meta.entries());
      return;
    }
    // A later set of a key wins on every replica: writing the known values again undoes the client's.
    queueMicrotask(() =>
      doc.transact(() => {
        for (const [key, value] of known) if (meta.get(key) !== value) meta.set(key, value);
        for (const key of [...meta.keys()]) if (!known.has(key)) meta.delete(key);
      }, GUARD_ORIGIN),
    );
  });
}
