import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedPageInfo } from '@core/wire';
import { useLiveDoc } from '../../live/useLiveDoc.ts';
import LiveSheetCanvas, { LiveSheetPeople } from '../Spreadsheet/LiveSheetCanvas.tsx';
import SheetWorkbook from '../Spreadsheet/SheetWorkbook.tsx';
import { sheetsForEditor } from '../Spreadsheet/sheetData.ts';
import '../Spreadsheet/Spreadsheet.css';

/**
 * A spreadsheet item's page through its share link: the read-only sheet, as its item shows it to
 * readers — followed live (issue #22) while the item edits live, the stored sheet otherwise.
 */
export default function SharedSheet({ page, shareKey }: { page: SharedPageInfo; shareKey: string }) {
  const { t } = useTranslation('view');
  const live = useLiveDoc(Number(page.page_id), { shareKey, kind: 'sheet' });
  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <h1 className="sheet-title">{page.page_title}</h1>
        {live.kind === 'live' && <LiveSheetPeople live={live} />}
      </header>
      <p className="sheet-note">{t('spreadsheet.readOnly')}</p>
      {live.kind === 'live' ? <LiveSheetCanvas live={live} editable={false} /> : live.kind === 'off' && <StoredCanvas content={page.page_content ?? ''} />}
    </div>
  );
}

function StoredCanvas({ content }: { content: string }) {
  const sheets = useMemo(() => sheetsForEditor(content), [content]);
  return (
    <div className="sheet-canvas" data-testid="sheet-canvas" data-editable="false">
      <SheetWorkbook sheets={sheets} editable={false} />
    </div>
  );
}
