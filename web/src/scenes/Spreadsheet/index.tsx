import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WorkbookInstance } from '@fortune-sheet/react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { exportApi, spreadsheetApi } from '../../api/item.ts';
import { pageApi } from '../../api/page.ts';
import type { ItemInfo } from '@core/wire';
import { firstPageId } from '../../components/CatalogTree/menu.ts';
import LockBanner from '../../components/LockBanner/LockBanner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { savePage } from '../../lib/savePage.ts';
import { notify } from '../../state/notify.ts';
import { useEditLock } from '../PageEditor/useEditLock.ts';
import SheetWorkbook from './SheetWorkbook.tsx';
import { sheetsForEditor, sheetsToContent } from './sheetData.ts';
import { useSheetDraft } from './useSheetDraft.ts';
import './Spreadsheet.css';

const ShareDialog = lazy(() => import('../../components/ShareDialog/ShareDialog.tsx'));

/**
 * Item type 4 (spec §2, §9): the FortuneSheet editor, 500 rows of height 25. Editors take the
 * page lock (whoever opens second sees who holds it and gets a read-only sheet), get a browser
 * draft every 30 s, Save, and a More menu (share, item setting for the creator, import from and
 * export to .xlsx, back). Viewers without edit rights see the sheet read-only and Back.
 */
export default function SpreadsheetScene({ info }: { info: ItemInfo }) {
  const { t } = useTranslation('view');
  const navigate = useNavigate();
  const itemId = Number(info.item_id);
  const pageId = Number(info.default_page_id ?? 0) || firstPageId(info.menu);
  const canEdit = !!info.ItemPermn && !Number(info.is_archived ?? 0);
  const page = useApiData(() => (pageId ? pageApi.info(pageId) : Promise.resolve(undefined)), [pageId]);
  const lock = useEditLock(canEdit ? pageId : 0, itemId);
  const editable = canEdit && lock.ready && lock.state.kind === 'mine';

  // What FortuneSheet shows: replaced wholesale (a new `version` remounts it) on load, import and draft restore.
  const [saved, setSaved] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ content: string; version: number } | null>(null);
  const workbook = useRef<WorkbookInstance>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [uniqueKey, setUniqueKey] = useState('');
  const moreMenu = useRef<Menu>(null);
  const fileInput = useRef<HTMLInputElement>(null);

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
      const answer = await savePage({ page_id: pageId, item_id: itemId, page_title: page.data.page_title || info.item_name, page_content: content, base_revision: page.data.revision as number | undefined });
      page.data.revision = answer?.revision ?? page.data.revision;
      setSaved(content);
      setDirty(false);
      draft.clear();
      notify('success', t('spreadsheet.saved'));
    } finally {
      setBusy(false);
    }
  };

  const importWorkbook = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const { sheets: imported } = await spreadsheetApi.importXlsx(itemId, file);
      open(JSON.stringify(imported));
      notify('info', t('spreadsheet.imported', { name: file.name }));
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const back = () => (info.is_login ? navigate('/item/index') : navigate(-1));
  const moreItems: MenuItem[] = [
    { label: t('ops.share'), icon: 'pi pi-share-alt', command: () => setSharing(true) },
    ...(info.ItemCreator ? [{ label: t('ops.itemSetting'), icon: 'pi pi-cog', command: () => navigate(`/item/setting/${itemId}`) }] : []),
    { label: t('spreadsheet.importXlsx'), icon: 'pi pi-upload', disabled: !editable, command: () => fileInput.current?.click() },
    { label: t('spreadsheet.exportXlsx'), icon: 'pi pi-download', url: exportApi.xlsxUrl({ item_id: itemId }), target: '_self' },
    { label: t('common:actions.back'), icon: 'pi pi-arrow-left', command: back },
  ];

  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <Button icon="pi pi-arrow-left" text label={t('common:actions.back')} onClick={back} />
        <h1 className="sheet-title">{info.item_name}</h1>
        {canEdit && (
          <>
            {dirty && <span className="sheet-dirty">{t('spreadsheet.unsaved')}</span>}
            <Button icon="pi pi-save" label={t('spreadsheet.save')} disabled={!editable || busy} loading={busy} onClick={() => void save()} />
            <Menu model={moreItems} popup ref={moreMenu} id="sheet-more-menu" />
            <Button icon="pi pi-ellipsis-h" text label={t('spreadsheet.more')} aria-haspopup aria-controls="sheet-more-menu" onClick={(e) => moreMenu.current?.toggle(e)} />
            <input ref={fileInput} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden aria-label={t('spreadsheet.importXlsx')} onChange={(e) => void importWorkbook(e.target.files?.[0])} />
          </>
        )}
      </header>
      {canEdit && <LockBanner state={lock.state} otherText={(holder) => t('spreadsheet.lockedBy', { holder })} />}
      {!canEdit && <p className="sheet-note">{t('spreadsheet.readOnly')}</p>}
      <div className="sheet-canvas" data-testid="sheet-canvas" data-editable={editable ? 'true' : 'false'}>
        {sheets && (canEdit ? lock.ready : true) && (
          <SheetWorkbook key={`${opened!.version}-${editable ? 'edit' : 'read'}`} ref={workbook} sheets={sheets} editable={editable} onOp={() => editable && setDirty(true)} />
        )}
      </div>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog visible onHide={() => setSharing(false)} itemKey={String(info.item_domain || itemId)} pageId={pageId} canEdit={canEdit} uniqueKey={uniqueKey} onUniqueKeyChange={setUniqueKey} />
        </Suspense>
      )}
    </div>
  );
}
