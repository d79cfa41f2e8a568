import { call } from '../../api/client.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WorkbookInstance } from '@fortune-sheet/react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { ItemInfo } from '@core/wire';
import { firstPageId } from '../../components/CatalogTree/menu.ts';
import LockBanner from '../../components/LockBanner/LockBanner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { savePage } from '../../lib/savePage.ts';
import { notify } from '../../state/notify.ts';
import { useEditLock } from '../PageEditor/useEditLock.ts';
import { useLiveDoc } from '../../live/useLiveDoc.ts';
import LiveSheet from './LiveSheet.tsx';
import SheetMore, { useSheetBack } from './SheetMore.tsx';
import SheetWorkbook from './SheetWorkbook.tsx';
import { sheetsForEditor, sheetsToContent } from './sheetData.ts';
import { useSheetDraft } from './useSheetDraft.ts';
import './Spreadsheet.css';

/**
 * Item type 4 (spec §2, §9): the FortuneSheet editor, 500 rows of height 25. When the item edits
 * live (issue #22) everyone in the sheet edits it together and changes are stored as they go
 * (LiveSheet). Otherwise editors take the page lock (whoever opens second sees who holds it and
 * gets a read-only sheet), get a browser draft every 30 s, Save, and a More menu (share, item
 * setting for the creator, import from and export to .xlsx, back). Viewers without edit rights
 * see the sheet read-only and Back.
 */
export default function SpreadsheetScene({ info }: { info: ItemInfo }) {
  const itemId = Number(info.item_id);
  const pageId = Number(info.default_page_id ?? 0) || firstPageId(info.menu);
  const live = useLiveDoc(pageId, { kind: 'sheet' });
  if (live.kind === 'loading') return <div className="sheet-view" />;
  if (live.kind === 'live') return <LiveSheet info={info} itemId={itemId} pageId={pageId} live={live} />;
  return <LockedSheet info={info} itemId={itemId} pageId={pageId} />;
}

/** The sheet with the edit lock and an explicit Save: items whose live switch is off. */
function LockedSheet({ info, itemId, pageId }: { info: ItemInfo; itemId: number; pageId: number }) {
  const { t } = useTranslation('view');
  const canEdit = !!info.ItemPermn && !Number(info.is_archived ?? 0);
  const page = useApiData(() => (pageId ? call('page/info', { page_id: pageId }) : Promise.resolve(undefined)), [pageId]);
  const lock = useEditLock(canEdit ? pageId : 0, itemId);
  const editable = canEdit && lock.ready && lock.state.kind === 'mine';

  // What FortuneSheet shows: replaced wholesale (a new `version` remounts it) on load, import and draft restore.
  const [saved, setSaved] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ content: string; version: number } | null>(null);
  const workbook = useRef<WorkbookInstance>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uniqueKey, setUniqueKey] = useState('');

  useEffect(() => {
    if (!page.data) return;
    setSaved(page.data.page_content);
    setUniqueKey(String(page.data.unique_key ?? ''));
    setOpened((o) => ({ content: page.data!.page_content, version: (o?.version ?? 0) + 1 }));
  }, [page.data]);

  const open = useCallback((content: string) => {
    setOpened((o) => ({ content, version: (o?.version ?? 0) + 1 }));
    setDirty(true);
  }, []);
  const current = useCallback(() => {
    const wb = workbook.current;
    if (!wb) return opened?.content ?? '';
    return sheetsToContent(wb.getAllSheets().map((s) => ({ ...s, ...wb.getSheet({ id: s.id }) })));
  }, [opened]);
  const draft = useSheetDraft({ itemId, pageId, saved, current, enabled: editable, onRestore: open });

  const sheets = useMemo(() => (opened ? sheetsForEditor(opened.content) : null), [opened]);

  const save = async () => {
    if (!page.data) return;
    setBusy(true);
    try {
      const content = current();
      const answer = await savePage({
        page_id: pageId,
        item_id: itemId,
        page_title: page.data.page_title || info.item_name,
        page_content: content,
        base_revision: page.data.revision as number | undefined,
      });
      page.data.revision = answer?.revision ?? page.data.revision;
      setSaved(content);
      setDirty(false);
      draft.clear();
      notify('success', t('spreadsheet.saved'));
    } finally {
      setBusy(false);
    }
  };

  const back = useSheetBack(info);

  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <Button icon="pi pi-arrow-left" text label={t('common:actions.back')} onClick={back} />
        <h1 className="sheet-title">{info.item_name}</h1>
        {canEdit && (
          <>
            {dirty && <span className="sheet-dirty">{t('spreadsheet.unsaved')}</span>}
            <Button icon="pi pi-save" label={t('spreadsheet.save')} disabled={!editable || busy} loading={busy} onClick={() => void save()} />
            <SheetMore
              info={info}
              itemId={itemId}
              pageId={pageId}
              canEdit={canEdit}
              canImport={editable}
              uniqueKey={uniqueKey}
              onUniqueKeyChange={setUniqueKey}
              onBusy={setBusy}
              onImported={(content, name) => {
                open(content);
                notify('info', t('spreadsheet.imported', { name }));
              }}
            />
          </>
        )}
      </header>
      {canEdit && <LockBanner state={lock.state} otherText={(holder) => t('spreadsheet.lockedBy', { holder })} />}
      {!canEdit && <p className="sheet-note">{t('spreadsheet.readOnly')}</p>}
      <div className="sheet-canvas" data-testid="sheet-canvas" data-editable={editable ? 'true' : 'false'}>
        {sheets && (canEdit ? lock.ready : true) && (
          <SheetWorkbook
            key={`${opened!.version}-${editable ? 'edit' : 'read'}`}
            ref={workbook}
            sheets={sheets}
            editable={editable}
            onOp={() => editable && setDirty(true)}
          />
        )}
      </div>
    </div>
  );
}
