import { call } from '../../api/client.ts';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { commonApi } from '../../api/common.ts';
import { notify } from '../../state/notify.ts';
import { askConfirm } from '../../lib/confirm.ts';
import { copyText } from './copyText.ts';
import './ShareDialog.css';

interface Props {
  visible: boolean;
  onHide: () => void;
  /** The item's domain or id, as it appears in item links. */
  itemKey: string;
  /** 0 when there is no page to share (an empty item). */
  pageId: number;
  /** Editors may create and cancel the single-page link. */
  canEdit: boolean;
  /** The page's current share key ('' when none). */
  uniqueKey: string;
  onUniqueKeyChange?: (key: string) => void;
}

function LinkRow({ id, label, url }: { id: string; label: string; url: string }) {
  const { t } = useTranslation('view');
  const copy = async () => {
    const ok = await copyText(url);
    notify(ok ? 'success' : 'warn', t(ok ? 'share.copied' : 'share.copyFailed'));
  };
  return (
    <div className="share-row">
      <label htmlFor={id}>{label}</label>
      <div className="p-inputgroup">
        <InputText id={id} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" icon="pi pi-copy" label={t('share.copy')} aria-label={t('share.copyNamed', { name: label })} onClick={() => void copy()} />
      </div>
    </div>
  );
}

/** Item link, page link, QR code and (for editors) the single-page link of spec §4. */
export default function ShareDialog({ visible, onHide, itemKey, pageId, canEdit, uniqueKey, onUniqueKeyChange }: Props) {
  const { t } = useTranslation('view');
  const [key, setKey] = useState(uniqueKey);
  const [busy, setBusy] = useState(false);
  useEffect(() => setKey(uniqueKey), [uniqueKey]);

  const origin = window.location.origin;
  const itemLink = `${origin}/${encodeURIComponent(itemKey)}`;
  const pageLink = pageId ? `${itemLink}?page_id=${pageId}` : '';
  const singleLink = key ? `${origin}/p/${encodeURIComponent(key)}` : '';
  const qrTarget = singleLink || pageLink || itemLink;

  const toggleSingle = async (create: boolean) => {
    if (!create && !(await askConfirm(t('share.cancelSingleConfirm')))) return;
    setBusy(true);
    try {
      const answer = await call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: create ? 'true' : 'false' });
      const next = create ? String(answer?.unique_key ?? '') : '';
      setKey(next);
      onUniqueKeyChange?.(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={t('share.title')} visible={visible} onHide={onHide} className="share-dialog" style={{ width: 'min(560px, 94vw)' }} dismissableMask>
      <LinkRow id="share-item-link" label={t('share.itemLink')} url={itemLink} />
      {pageLink && <LinkRow id="share-page-link" label={t('share.pageLink')} url={pageLink} />}
      {canEdit && pageId > 0 && (
        <div className="share-single">
          <Checkbox inputId="share-single" checked={!!key} disabled={busy} onChange={(e) => void toggleSingle(!!e.checked)} />
          <label htmlFor="share-single">{t('share.singleLink')}</label>
        </div>
      )}
      {singleLink && <LinkRow id="share-single-link" label={t('share.singleLinkUrl')} url={singleLink} />}
      <div className="share-qr">
        <img src={commonApi.qrcodeUrl(qrTarget, 180)} width={180} height={180} alt={t('share.qrAlt')} />
        <span>{t('share.qrHint')}</span>
      </div>
    </Dialog>
  );
}
