import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useTranslation } from 'react-i18next';
import { FILE_LIBRARY_PAGE_SIZE } from '@core/limits';
import { call, upload } from '../../api/client.ts';
import type { LibraryFile } from '@core/wire';
import { notify } from '../../state/notify.ts';
import { askConfirm } from '../../lib/confirm.ts';
import { bytesOf, formatFileSize } from '../../lib/fileSize.ts';
import './FileLibrary.css';

interface Props {
  visible: boolean;
  onHide: () => void;
  pageId: number;
  /** Called after a file was attached to the page. */
  onBound: () => void;
}

/** The user's file library: search, upload, select (attach to this page), visit, delete; 5 a page. */
export default function FileLibrary({ visible, onHide, pageId, onBound }: Props) {
  const { t, i18n } = useTranslation('view');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<LibraryFile[]>([]);
  const [total, setTotal] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async (p: number, name: string) => {
    const answer = await call('attachment/getMyList', { page: p, count: FILE_LIBRARY_PAGE_SIZE, attachment_type: -1, display_name: name });
    setList(answer?.list ?? []);
    setTotal(Number(answer?.total ?? 0));
  }, []);

  useEffect(() => {
    if (visible) void load(page, query).catch(() => undefined);
  }, [visible, page]); // eslint-disable-line react-hooks/exhaustive-deps

  const search = () => {
    setPage(1);
    void load(1, query).catch(() => undefined);
  };

  const select = async (f: LibraryFile) => {
    await call('attachment/bindingPage', { file_id: f.file_id, page_id: pageId });
    notify('success', t('library.attached', { name: f.display_name }));
    onBound();
  };

  const remove = async (f: LibraryFile) => {
    if (!(await askConfirm(t('attachments.deleteConfirm', { name: f.display_name })))) return;
    await call('attachment/deleteMyAttachment', { file_id: f.file_id });
    await load(page, query);
  };

  const uploadPicked = async (picked: FileList | null) => {
    const file = picked?.[0];
    if (!file) return;
    try {
      // into the library; "Select" then attaches it to this page
      await upload('attachment/attachmentUpload', {}, { file });
    } catch {
      /* message already shown */
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
    await load(1, query).catch(() => undefined);
    setPage(1);
  };

  return (
    <Dialog header={t('library.title')} visible={visible} onHide={onHide} style={{ width: 'min(760px, 96vw)' }} dismissableMask>
      <div className="library-tools">
        <span className="p-input-icon-left library-search">
          <InputText
            value={query}
            placeholder={t('library.search')}
            aria-label={t('library.search')}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && search()}
          />
        </span>
        <Button icon="pi pi-search" aria-label={t('library.search')} onClick={search} />
        <input ref={fileInput} type="file" hidden aria-label={t('attachments.chooseFile')} onChange={(e) => void uploadPicked(e.target.files)} />
        <Button icon="pi pi-upload" outlined label={t('attachments.upload')} onClick={() => fileInput.current?.click()} />
      </div>
      {list.length === 0 ? (
        <p className="library-empty">{t('attachments.none')}</p>
      ) : (
        <table className="library-table">
          <thead>
            <tr>
              <th>{t('library.name')}</th>
              <th>{t('library.size')}</th>
              <th>{t('library.visits')}</th>
              <th>{t('library.time')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((f) => (
              <tr key={String(f.file_id)}>
                <td className="library-name">{f.display_name}</td>
                <td>{formatFileSize(bytesOf(f), i18n.language)}</td>
                <td>{f.visit_times ?? ''}</td>
                <td>{f.addtime}</td>
                <td className="library-actions">
                  <Button
                    size="small"
                    text
                    label={t('library.select')}
                    aria-label={t('library.selectNamed', { name: f.display_name })}
                    onClick={() => void select(f)}
                  />
                  <a className="p-button p-button-text p-button-sm" href={f.url} target="_blank" rel="noopener noreferrer">
                    {t('library.visit')}
                  </a>
                  <Button
                    size="small"
                    text
                    severity="danger"
                    icon="pi pi-trash"
                    aria-label={t('attachments.deleteNamed', { name: f.display_name })}
                    onClick={() => void remove(f)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > FILE_LIBRARY_PAGE_SIZE && (
        <Paginator first={(page - 1) * FILE_LIBRARY_PAGE_SIZE} rows={FILE_LIBRARY_PAGE_SIZE} totalRecords={total} onPageChange={(e) => setPage(e.page + 1)} />
      )}
    </Dialog>
  );
}
