import { MY_ATTACHMENTS_PAGE_SIZE } from '@core/limits';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../api/client.ts';
import type { LibraryFile } from '@core/wire';
import { useApiData } from '../hooks/useApiData.ts';
import { formProblems } from '../lib/formProblems.ts';
import { confirmDelete } from '../lib/confirmDelete.ts';
import { bytesOf, formatFileSize } from '../lib/fileSize.ts';
import { useWindowWidth } from '../lib/useWindowWidth.ts';
import { notify } from '../state/notify.ts';
import { StorageUsage } from './StorageUsage.tsx';
import { responsiveTable } from './tableLayout.ts';

type Scope = 'mine' | 'all';

/**
 * The attachment list of "My attachments" (scope mine: upload, own files) and of the admin
 * console (scope all: every user's files, searchable by username). Type filter -1 all, 1 images,
 * 2 other files; name search; delete; paged (6 per page, spec §9); the storage used above it.
 */
export function AttachmentTable({ scope, pageSize = MY_ATTACHMENTS_PAGE_SIZE }: { scope: Scope; pageSize?: number }) {
  const { t, i18n } = useTranslation('attachments');
  // On a phone the secondary columns (type, downloads, date) give their width to the name.
  const compact = useWindowWidth() < 1000;
  const [page, setPage] = useState(1);
  const [type, setType] = useState(-1);
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [query, setQuery] = useState({ name: '', username: '' });
  // The search's own limits (the list action's schema), shown under the field instead of sent.
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useApiData(
    () =>
      call(scope === 'all' ? 'attachment/getAllList' : 'attachment/getMyList', {
        page,
        count: pageSize,
        attachment_type: type,
        display_name: query.name,
        username: query.username,
      }),
    [scope, page, type, query],
  );

  const types = [
    { value: -1, label: t('types.all') },
    { value: 1, label: t('types.image') },
    { value: 2, label: t('types.file') },
  ];

  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload('attachment/attachmentUpload', {}, { file }, { loading: true });
      notify('success', t('uploaded'));
      setPage(1);
      await list.reload();
    } catch {
      /* shown by the client */
    } finally {
      if (fileInput.current) fileInput.current.value = ''; // spec §8: the file list is cleared
    }
  };

  const remove = (file: LibraryFile) =>
    confirmDelete(t('deleteConfirm', { name: file.display_name }), async () => {
      await call(scope === 'all' ? 'attachment/deleteAttachment' : 'attachment/deleteMyAttachment', { file_id: file.file_id });
      await list.reload();
    });

  const copyLink = async (file: LibraryFile) => {
    try {
      await navigator.clipboard.writeText(file.url);
      notify('success', t('common:copied'));
    } catch {
      notify('warn', t('common:copyFailed'));
    }
  };

  return (
    <div>
      <form
        className="folio-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          const next = { name: name.trim(), username: username.trim() };
          const found = formProblems(scope === 'all' ? 'attachment/getAllList' : 'attachment/getMyList', {
            page: 1,
            count: pageSize,
            attachment_type: type,
            display_name: next.name,
            username: next.username,
          });
          setProblems(found);
          if (Object.keys(found).length) return;
          setPage(1);
          setQuery(next);
        }}
      >
        <Dropdown
          value={type}
          options={types}
          aria-label={t('typeFilter')}
          onChange={(e) => {
            setType(e.value as number);
            setPage(1);
          }}
        />
        <InputText
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('searchName')}
          aria-label={t('searchName')}
          type="search"
          invalid={!!problems.display_name}
        />
        {problems.display_name && (
          <small className="p-error" role="alert">
            {problems.display_name}
          </small>
        )}
        {scope === 'all' && (
          <InputText
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            placeholder={t('searchUser')}
            aria-label={t('searchUser')}
            type="search"
            invalid={!!problems.username}
          />
        )}
        {scope === 'all' && problems.username && (
          <small className="p-error" role="alert">
            {problems.username}
          </small>
        )}
        <Button type="submit" icon="pi pi-search" label={t('common:actions.search')} outlined />
        <span className="folio-spacer" />
        {scope === 'mine' && (
          <>
            <input ref={fileInput} id="attachment-upload" type="file" className="visually-hidden" onChange={(e) => void uploadFile(e.target.files?.[0])} />
            <label htmlFor="attachment-upload" className="p-button p-component folio-upload-label">
              <span className="pi pi-upload" aria-hidden="true" />
              <span>{t('upload')}</span>
            </label>
          </>
        )}
      </form>
      {list.data && <StorageUsage scope={scope} data={list.data} />}
      <DataTable
        {...responsiveTable}
        value={list.data?.list ?? []}
        loading={list.loading}
        dataKey="file_id"
        emptyMessage={t('empty')}
        lazy
        paginator
        rows={pageSize}
        first={(page - 1) * pageSize}
        totalRecords={list.data?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        aria-label={t('title')}
        stripedRows
      >
        <Column
          header={t('name')}
          style={{ minWidth: compact ? '9rem' : '14rem' }}
          body={(f: LibraryFile) => (
            <a href={f.url} target="_blank" rel="noopener noreferrer" className="folio-file-link">
              {f.display_name}
            </a>
          )}
        />
        {!compact && <Column field="file_type" header={t('type')} />}
        <Column header={t('size')} style={{ whiteSpace: 'nowrap' }} body={(f: LibraryFile) => formatFileSize(bytesOf(f), i18n.language)} />
        {!compact && <Column field="visit_times" header={t('visits')} />}
        {scope === 'all' && <Column field="username" header={t('owner')} />}
        {!compact && <Column field="addtime" header={t('addtime')} />}
        <Column
          header={t('actions')}
          body={(f: LibraryFile) => (
            <div className="folio-table-actions">
              <Button icon="pi pi-link" text rounded aria-label={t('copyLink', { name: f.display_name })} onClick={() => void copyLink(f)} />
              <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('delete', { name: f.display_name })} onClick={() => remove(f)} />
            </div>
          )}
        />
      </DataTable>
    </div>
  );
}
