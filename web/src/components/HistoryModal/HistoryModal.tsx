import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { PageHistory } from '@core/wire';
import { notify } from '../../state/notify.ts';
import { askConfirm } from '../../lib/confirm.ts';
import './HistoryModal.css';

const MarkdownView = lazy(() => import('../MarkdownView/MarkdownView.tsx'));

interface Props {
  visible: boolean;
  onHide: () => void;
  pageId: number;
  /** Editors may restore a version (its content is saved as the page after a confirm). */
  onRestore?: (version: PageHistory) => Promise<void> | void;
}

/** The versions of a page: view one, restore it, or compare it with the current page. */
export default function HistoryModal({ visible, onHide, pageId, onRestore }: Props) {
  const { t } = useTranslation('view');
  const [rows, setRows] = useState<PageHistory[] | null>(null);
  const [viewing, setViewing] = useState<PageHistory | null>(null);

  useEffect(() => {
    if (!visible || !pageId) return;
    let live = true;
    setRows(null);
    call('page/history', { page_id: pageId })
      .then((list) => {
        if (!live) return;
        if (!list?.length) {
          // spec §8: history with no rows → an alert saying there is no data
          notify('info', t('history.noData'));
          onHide();
          return;
        }
        setRows(list);
      })
      .catch(() => live && onHide());
    return () => {
      live = false;
    };
  }, [visible, pageId]); // eslint-disable-line react-hooks/exhaustive-deps

  const restore = async (row: PageHistory) => {
    if (!onRestore || !(await askConfirm(t('history.restoreConfirm', { time: row.addtime })))) return;
    await onRestore(row);
    onHide();
  };

  return (
    <>
      <Dialog header={t('history.title')} visible={visible && !!rows} onHide={onHide} style={{ width: 'min(720px, 96vw)' }} dismissableMask>
        <table className="history-table">
          <thead>
            <tr>
              <th>{t('history.time')}</th>
              <th>{t('history.author')}</th>
              <th>{t('history.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={String(row.page_history_id)}>
                <td>{row.addtime}</td>
                <td>{row.contributors?.length ? row.contributors.map((c) => c.username).join(', ') : row.author_username}</td>
                <td className="history-actions">
                  <Button size="small" text label={t('history.view')} onClick={() => setViewing(row)} />
                  <Button
                    size="small"
                    text
                    label={t('history.compare')}
                    onClick={() => window.open(`/page/diff/${pageId}/${row.page_history_id}`, '_blank', 'noopener')}
                  />
                  {onRestore && <Button size="small" text severity="warning" label={t('history.restore')} onClick={() => void restore(row)} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Dialog>
      <Dialog
        header={t('history.versionOf', { time: viewing?.addtime ?? '' })}
        visible={!!viewing}
        onHide={() => setViewing(null)}
        style={{ width: 'min(900px, 96vw)' }}
        dismissableMask
      >
        {viewing && (
          <Suspense fallback={null}>
            <MarkdownView source={viewing.page_content} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
