import { type Ref } from 'react';
import { Workbook, type WorkbookInstance } from '@fortune-sheet/react';
import type { Op, Selection, Sheet } from '@fortune-sheet/core';
import '@fortune-sheet/react/dist/index.css';
import { useTranslation } from 'react-i18next';
import { SPREADSHEET_ROW_HEIGHT } from '@core/limits';

interface Props {
  sheets: Sheet[];
  editable: boolean;
  ref?: Ref<WorkbookInstance>;
  onOp?: (ops: Op[]) => void;
  /** This browser's selected cell changed (live sheets tell the others). */
  onSelect?: (sheetId: string, selection: Selection) => void;
}

/**
 * FortuneSheet as every sheet screen shows it (rows of height 25, the UI language): with its
 * toolbar and formula bar when editable, a plain read-only grid otherwise. The item's sheet view
 * and a sheet's single-page share link (`/p/<key>`) both render through here.
 */
export default function SheetWorkbook({ sheets, editable, ref, onOp, onSelect }: Props) {
  const { i18n } = useTranslation();
  return (
    <Workbook
      ref={ref}
      data={sheets}
      lang={i18n.language.startsWith('zh') ? 'zh' : 'en'}
      allowEdit={editable}
      showToolbar={editable}
      showFormulaBar={editable}
      defaultRowHeight={SPREADSHEET_ROW_HEIGHT}
      row={sheets[0]?.row}
      onOp={onOp}
      {...(onSelect ? { hooks: { afterSelectionChange: onSelect } } : {})}
    />
  );
}
