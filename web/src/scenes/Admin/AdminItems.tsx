import { ADMIN_ITEM_PAGE_SIZE, MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminItem } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { FormField } from '../../components/FormField.tsx';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { adminItemAttorn } from '@core/api/adminItem';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';
import { responsiveTable } from '../../components/tableLayout.ts';
import { AdminSection } from './AdminSection.tsx';
import { SearchToolbar } from './SearchToolbar.tsx';
import { call } from '../../api/client.ts';

/** Item management: every item, 7 per page (spec §9), search by name or owner, delete, transfer. */
export function AdminItems() {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({ item_name: '', username: '' });
  const [transferring, setTransferring] = useState<AdminItem | null>(null);
  const [receiver, setReceiver] = useState('');
  const list = usePagedList(form, ADMIN_ITEM_PAGE_SIZE, (query, page) => call('adminItem/getList', { is_del: 0, ...query, ...page }));

  const remove = (item: AdminItem) =>
    confirmDelete(t('items.deleteConfirm', { name: item.item_name }), async () => {
      await call('adminItem/deleteItem', { item_id: item.item_id });
      await list.reload();
    });

  const transferForm = useFieldProblems(adminItemAttorn.input);
  const transferSubmit = useSubmit(
    async () => {
      if (!transferring || !receiver.trim()) return;
      await call('adminItem/attorn', { item_id: transferring.item_id, username: receiver.trim() });
      notify('success', t('items.transferred'));
      setTransferring(null);
      setReceiver('');
      await list.reload();
    },
    { validate: () => (transferring ? transferForm.check({ item_id: transferring.item_id, username: receiver.trim() }) : null) },
  );

  return (
    <AdminSection id="admin-items" title={t('menu.items')}>
      <SearchToolbar onSearch={() => list.search({ item_name: form.item_name.trim(), username: form.username.trim() })}>
        <InputText
          type="search"
          value={form.item_name}
          onChange={(e) => setForm({ ...form, item_name: e.target.value })}
          placeholder={t('items.searchName')}
          aria-label={t('items.searchName')}
        />
        <InputText
          type="search"
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
          placeholder={t('items.searchOwner')}
          aria-label={t('items.searchOwner')}
        />
      </SearchToolbar>
      <DataTable {...responsiveTable} {...list.tableProps} dataKey="item_id" emptyMessage={t('items.empty')} stripedRows aria-label={t('menu.items')}>
        <Column
          header={t('items.name')}
          body={(item: AdminItem) => (
            <span className="folio-admin-item-name">
              <Link to={itemPath(item)}>{item.item_name}</Link>
              {isOn(item.is_private) && <Tag value={t('items.private')} severity="warning" />}
            </span>
          )}
        />
        <Column field="username" header={t('items.owner')} />
        <Column field="addtime" header={t('items.addtime')} />
        <Column
          header={t('actions')}
          body={(item: AdminItem) => (
            <div className="folio-table-actions">
              <Button
                icon="pi pi-arrow-right-arrow-left"
                text
                rounded
                aria-label={t('items.transfer', { name: item.item_name })}
                onClick={() => setTransferring(item)}
              />
              <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('items.delete', { name: item.item_name })} onClick={() => remove(item)} />
            </div>
          )}
        />
      </DataTable>
      <Dialog header={t('items.transferTitle')} visible={!!transferring} onHide={() => setTransferring(null)} style={{ width: 'min(420px, 94vw)' }} modal>
        <form onSubmit={transferSubmit.onSubmit}>
          <p>{t('items.transferText', { name: transferring?.item_name ?? '' })}</p>
          <FormField label={t('items.receiver')} htmlFor="admin-item-receiver" error={transferForm.problems.username}>
            <InputText id="admin-item-receiver" value={receiver} onChange={(e) => setReceiver(e.target.value)} maxLength={MAX.email} autoFocus />
          </FormField>
          <div className="folio-dialog-actions">
            <Button type="button" label={t('common:actions.cancel')} text onClick={() => setTransferring(null)} />
            <Button type="submit" label={t('items.transferTitle')} disabled={!receiver.trim()} />
          </div>
        </form>
      </Dialog>
    </AdminSection>
  );
}
