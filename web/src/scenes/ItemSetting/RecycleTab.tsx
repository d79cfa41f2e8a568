import { RECYCLE_RETENTION_DAYS } from '@core/limits';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Id } from '@core/wire';
import { useApiData } from '../../hooks/useApiData.ts';
import { notify } from '../../state/notify.ts';
import { responsiveTable } from '../../components/tableLayout.ts';

type Deleted = { page_id: Id; page_title: string; del_by_username?: string; del_time?: string };

/** Tab 5: deleted pages (kept 30 days) with recover. */
export function RecycleTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('settings');
  const list = useApiData(() => call('recycle/getList', { item_id: itemId }), [itemId]);

  const recover = async (row: Deleted) => {
    try {
      await call('recycle/recover', { item_id: itemId, page_id: row.page_id });
      notify('success', t('recycle.recovered', { title: row.page_title }));
      await list.reload();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <div>
      <p className="folio-muted">{t('recycle.intro', { days: RECYCLE_RETENTION_DAYS })}</p>
      <DataTable
        {...responsiveTable}
        value={list.data ?? []}
        loading={list.loading}
        dataKey="page_id"
        emptyMessage={t('recycle.empty')}
        size="small"
        stripedRows
        aria-label={t('tabs.recycle')}
      >
        <Column field="page_title" header={t('recycle.pageTitle')} />
        <Column field="del_by_username" header={t('recycle.deletedBy')} />
        <Column field="del_time" header={t('recycle.deletedAt')} />
        <Column
          header={t('recycle.recover')}
          body={(row: Deleted) => (
            <Button
              label={t('recycle.recover')}
              icon="pi pi-replay"
              text
              size="small"
              aria-label={t('recycle.recoverNamed', { title: row.page_title })}
              onClick={() => void recover(row)}
            />
          )}
        />
      </DataTable>
    </div>
  );
}
