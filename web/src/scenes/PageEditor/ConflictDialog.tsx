import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import type { PageInfo } from '@core/wire';
import DiffView from '../../components/DiffView/DiffView.tsx';

interface Props {
  /** The page as saved by someone else since this editor loaded it. */
  latest: PageInfo | null;
  mine: string;
  onReload: () => void;
  onKeepMine: () => void;
  onHide: () => void;
}

/**
 * Spec'd answer to error 10310: the page changed since it was loaded. Nothing was overwritten;
 * the user sees the difference and chooses, and their text is never thrown away silently.
 */
export default function ConflictDialog({ latest, mine, onReload, onKeepMine, onHide }: Props) {
  const { t } = useTranslation('editor');
  return (
    <Dialog header={t('conflict.title')} visible={!!latest} onHide={onHide} style={{ width: 'min(1100px, 96vw)' }} maximizable>
      <p role="alert">{t('conflict.text', { author: latest?.author_username ?? '', time: latest?.addtime ?? '' })}</p>
      {latest && (
        <div className="pe-conflict-diff">
          <DiffView before={latest.page_content ?? ''} after={mine} beforeLabel={t('conflict.theirs')} afterLabel={t('conflict.mine')} />
        </div>
      )}
      <div className="pe-dialog-actions">
        <Button label={t('conflict.keepEditing')} text onClick={onHide} />
        <Button label={t('conflict.reload')} outlined onClick={onReload} />
        <Button label={t('conflict.keepMine')} severity="warning" onClick={onKeepMine} />
      </div>
    </Dialog>
  );
}
