import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedPageInfo } from '@core/wire';
import SheetWorkbook from '../Spreadsheet/SheetWorkbook.tsx';
import { sheetsForEditor } from '../Spreadsheet/sheetData.ts';
import '../Spreadsheet/Spreadsheet.css';

/** A spreadsheet item's page through its share link: the read-only sheet, as its item shows it to readers. */
export default function SharedSheet({ page }: { page: SharedPageInfo }) {
  const { t } = useTranslation('view');
  const sheets = useMemo(() => sheetsForEditor(page.page_content ?? ''), [page.page_content]);
  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <h1 className="sheet-title">{page.page_title}</h1>
      </header>
      <p className="sheet-note">{t('spreadsheet.readOnly')}</p>
      <div className="sheet-canvas" data-testid="sheet-canvas" data-editable="false">
        <SheetWorkbook sheets={sheets} editable={false} />
      </div>
    </div>
  );
}
