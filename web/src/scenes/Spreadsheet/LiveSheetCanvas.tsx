import { useMemo, useRef } from 'react';
import type { WorkbookInstance } from '@fortune-sheet/react';
import PresenceBar from '../../live/PresenceBar.tsx';
import { useLocalPresence, useParticipants } from '../../live/presence.ts';
import type { LiveState } from '../../live/useLiveDoc.ts';
import SheetWorkbook from './SheetWorkbook.tsx';
import { sheetsForEditor } from './sheetData.ts';
import { useLiveWorkbook } from './useLiveWorkbook.ts';

/** FortuneSheet on a live sheet document (issue #22), editable or following read-only: the item's sheet and its share link. */
export default function LiveSheetCanvas({ live, editable }: { live: LiveState; editable: boolean }) {
  const workbook = useRef<WorkbookInstance | null>(null);
  const bound = useLiveWorkbook({ doc: live.session.doc, awareness: live.session.provider.awareness, synced: live.synced, editable, workbook });
  const sheets = useMemo(() => (bound.opened ? sheetsForEditor(bound.opened.content) : null), [bound.opened]);
  return (
    <div className="sheet-canvas" data-testid="sheet-canvas" data-editable={editable ? 'true' : 'false'} data-live="true">
      {sheets && bound.opened && (
        <SheetWorkbook
          key={`${bound.opened.version}-${editable ? 'edit' : 'read'}`}
          ref={bound.bind}
          sheets={sheets}
          editable={editable}
          onOp={bound.onOp}
          onSelect={bound.afterSelectionChange}
        />
      )}
    </div>
  );
}

/** Who is in the sheet, for its header (this browser announces itself as editing or reading). */
export function LiveSheetPeople({ live }: { live: LiveState }) {
  useLocalPresence(live.session.provider.awareness, live.session.user, live.mode);
  return <PresenceBar people={useParticipants(live.session.provider.awareness)} />;
}
