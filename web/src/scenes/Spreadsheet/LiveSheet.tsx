import { call } from '../../api/client.ts';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { ItemInfo } from '@core/wire';
import { useApiData } from '../../hooks/useApiData.ts';
import LiveStatusBadge from '../../live/LiveStatusBadge.tsx';
import type { LiveState } from '../../live/useLiveDoc.ts';
import { savePage } from '../../lib/savePage.ts';
import { notify } from '../../state/notify.ts';
import SheetMore, { useSheetBack } from './SheetMore.tsx';
import LiveSheetCanvas, { LiveSheetPeople } from './LiveSheetCanvas.tsx';

/**
 * A spreadsheet edited live (issue #22): everyone with edit rights edits at once, each change goes
 * to the others through FortuneSheet's op stream and is stored by the server a moment later (no
 * lock, no Save). The header shows who is in the sheet and whether changes have reached the
 * server; readers (and everyone while another holds an explicit lock) follow it read-only.
 */
export default function LiveSheet({ info, itemId, pageId, live }: { info: ItemInfo; itemId: number; pageId: number; live: { kind: 'live' } & LiveState }) {
  const { t } = useTranslation('view');
  const back = useSheetBack(info);
  const canEdit = !!info.ItemPermn && !Number(info.is_archived ?? 0);
  const editable = canEdit && live.mode === 'edit';
  const page = useApiData(() => call('page/info', { page_id: pageId }), [pageId]);
  const [uniqueKey, setUniqueKey] = useState('');
  useEffect(() => setUniqueKey(String(page.data?.unique_key ?? '')), [page.data]);

  // Closing the tab with changes the server has not confirmed loses them: the browser asks first.
  useEffect(() => {
    if (!live.unsynced) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [live.unsynced]);

  return (
    <div className="sheet-view">
      <header className="sheet-header">
        <Button icon="pi pi-arrow-left" text label={t('common:actions.back')} onClick={back} />
        <h1 className="sheet-title">{info.item_name}</h1>
        <LiveSheetPeople live={live} />
        <LiveStatusBadge live={live} />
        {canEdit && (
          <SheetMore
            info={info}
            itemId={itemId}
            pageId={pageId}
            canEdit={canEdit}
            canImport={editable}
            uniqueKey={uniqueKey}
            onUniqueKeyChange={setUniqueKey}
            // The whole sheet replaced for everyone: a page write, which the server brings into the live sheet.
            onImported={async (content, name) => {
              await savePage({ page_id: pageId, item_id: itemId, page_title: page.data?.page_title || info.item_name, page_content: content });
              notify('success', t('spreadsheet.importedLive', { name }));
            }}
          />
        )}
      </header>
      {!canEdit && <p className="sheet-note">{t('spreadsheet.readOnly')}</p>}
      {canEdit && !editable && <p className="sheet-note">{t('spreadsheet.liveReadOnly')}</p>}
      <LiveSheetCanvas live={live} editable={editable} />
    </div>
  );
}
