import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../api/client.ts';
import type { PageAttachment } from '@core/wire';
import { askConfirm } from '../../lib/confirm.ts';
import './AttachmentsModal.css';

const FileLibrary = lazy(() => import('../FileLibrary/FileLibrary.tsx'));

interface Props {
  visible: boolean;
  onHide: () => void;
  pageId: number;
  itemId: number;
  /** Editors upload, delete and pick from their file library; readers only download. */
  canEdit: boolean;
  onCountChange?: (count: number) => void;
}

/** A page's attachments (spec §2 modals). */
export default function AttachmentsModal({ visible, onHide, pageId, itemId, canEdit, onCountChange }: Props) {
  const { t } = useTranslation('view');
  const [files, setFiles] = useState<PageAttachment[]>([]);
  const [busy, setBusy] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const reload = useCallback(async () => {
    if (!pageId) return;
    const list = (await call('page/uploadList', { page_id: pageId })) ?? [];
    setFiles(list);
    onCountChange?.(list.length);
  }, [pageId, onCountChange]);

  useEffect(() => {
    if (visible) void reload().catch(() => undefined);
  }, [visible, reload]);

  const uploadPicked = async (picked: FileList | null) => {
    if (!picked?.length) return;
    setBusy(true);
    try {
      for (const file of Array.from(picked)) await upload('page/upload', { page_id: pageId, item_id: itemId }, { file });
    } catch {
      // the client already showed error_message; spec §8 asks to clear the file list
    } finally {
      if (fileInput.current) fileInput.current.value = '';
      setBusy(false);
      await reload().catch(() => undefined);
    }
  };

  const remove = async (file: PageAttachment) => {
    if (!(await askConfirm(t('attachments.deleteConfirm', { name: file.display_name })))) return;
    await call('page/deleteUploadFile', { file_id: file.file_id, page_id: pageId });
    await reload();
  };

  return (
    <Dialog header={t('attachments.title')} visible={visible} onHide={onHide} style={{ width: 'min(640px, 96vw)' }} dismissableMask>
      {canEdit && (
        <div className="attachments-tools">
          <input ref={fileInput} type="file" multiple hidden aria-label={t('attachments.chooseFile')} onChange={(e) => void uploadPicked(e.target.files)} />
          <Button icon="pi pi-upload" label={t('attachments.upload')} loading={busy} onClick={() => fileInput.current?.click()} />
          <Button icon="pi pi-folder-open" outlined label={t('attachments.library')} onClick={() => setLibraryOpen(true)} />
          <span className="attachments-hint">{t('attachments.sizeHint')}</span>
        </div>
      )}
      {files.length === 0 ? (
        <p className="attachments-empty">{t('attachments.none')}</p>
      ) : (
        <ul className="attachments-list">
          {files.map((f) => (
            <li key={String(f.file_id)}>
              <i className="pi pi-paperclip" aria-hidden />
              <a href={f.url} target="_blank" rel="noopener noreferrer">
                {f.display_name}
              </a>
              <span className="attachments-time">{f.addtime}</span>
              {canEdit && (
                <Button
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  size="small"
                  aria-label={t('attachments.deleteNamed', { name: f.display_name })}
                  onClick={() => void remove(f)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {libraryOpen && (
        <Suspense fallback={null}>
          <FileLibrary visible={libraryOpen} onHide={() => setLibraryOpen(false)} pageId={pageId} onBound={() => void reload()} />
        </Suspense>
      )}
    </Dialog>
  );
}
