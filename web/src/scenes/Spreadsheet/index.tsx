import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pageApi } from '../../api/page.ts';
import type { ItemInfo } from '../../api/types.ts';
import { firstPageId } from '../../components/CatalogTree/menu.ts';
import { useApiData } from '../../hooks/useApiData.ts';
import { sheetsFromContent } from '../../lib/sheetTable.ts';
import './Spreadsheet.css';

/** Column letters as a spreadsheet shows them: A … Z, AA … */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Item type 4, read-only for now: the sheet JSON rendered as tables (one tab per sheet), with
 * Back. Editing (FortuneSheet, lock, drafts, xlsx in/out) is a later issue.
 */
export default function SpreadsheetScene({ info }: { info: ItemInfo }) {
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const pageId = Number(info.default_page_id ?? 0) || firstPageId(info.menu);
  const page = useApiData(() => (pageId ? pageApi.info(pageId) : Promise.resolve(undefined)), [pageId]);
  const sheets = useMemo(() => sheetsFromContent(page.data?.page_content ?? ''), [page.data]);
  const [active, setActive] = useState(0);
  const sheet = sheets[active];

  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <Button icon="pi pi-arrow-left" text label={t('common:actions.back')} onClick={() => (info.is_login ? navigate('/item/index') : navigate(-1))} />
        <div className="sheet-title">{info.item_name}</div>
      </header>
      <p className="sheet-note">{t('spreadsheet.readOnly')}</p>
      {sheets.length > 1 && (
        <div className="sheet-tabs" role="tablist" aria-label={t('spreadsheet.sheet')}>
          {sheets.map((s, i) => (
            <button key={i} type="button" role="tab" aria-selected={i === active} className={i === active ? 'active' : ''} onClick={() => setActive(i)}>
              {s.name}
            </button>
          ))}
        </div>
      )}
      <div className="sheet-scroll">
        {!sheet || sheet.rows.length === 0 ? (
          !page.loading && <p className="sheet-empty">{t('spreadsheet.empty')}</p>
        ) : (
          <table className="sheet-table" aria-label={sheet.name}>
            <thead>
              <tr>
                <th />
                {sheet.rows[0]!.map((_, c) => (
                  <th key={c} scope="col">
                    {columnName(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sheet.rows.map((row, r) => (
                <tr key={r}>
                  <th scope="row">{r + 1}</th>
                  {row.map((text, c) => (
                    <td key={c}>{text}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
