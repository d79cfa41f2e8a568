import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { refreshUnreadNotices } from '../../state/unreadNotices.ts';
import { responsiveTable } from '../../components/tableLayout.ts';
import { call } from '../../api/client.ts';

type Filter = 'all' | 'unread';
const PAGE_SIZE = 20;

/** `/notice/index`: my notices, all or unread; view (marks read), mark all read, delete. */
export default function NoticesScene() {
  const { t } = useTranslation('notices');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const list = useApiData(() => call('notice/getList', { notice_type: filter, page, count: PAGE_SIZE }), [filter, page]);
  const [open, setOpen] = useState<Notice | null>(null);
  const unread = Number(list.data?.unread_count ?? 0);

  const view = async (n: Notice) => {
    setOpen(n);
    if (!isOn(n.is_read)) {
      await call('notice/setRead', { notice_id: n.notice_id }).catch(() => undefined);
      await Promise.all([list.reload(), refreshUnreadNotices()]);
    }
  };
  const markAll = async () => {
    await call('notice/setRead', { all: 1 });
    await Promise.all([list.reload(), refreshUnreadNotices()]);
  };
  const remove = (n: Notice) =>
    confirmDelete(t('deleteConfirm', { title: n.notice_title }), async () => {
      await call('notice/delete', { notice_id: n.notice_id });
      await Promise.all([list.reload(), refreshUnreadNotices()]);
    });

  const filters = [
    { value: 'all', label: t('all') },
    { value: 'unread', label: unread > 0 ? t('unreadCount', { count: unread }) : t('unread') },
  ];

  return (
    <PageFrame
      title={t('title')}
      back="/item/index"
      actions={<Button label={t('markAllRead')} icon="pi pi-check-square" outlined size="small" disabled={unread === 0} onClick={() => void markAll()} />}
    >
      <div className="folio-panel">
        <div className="folio-toolbar">
          <SelectButton
            value={filter}
            options={filters}
            allowEmpty={false}
            aria-label={t('filter')}
            onChange={(e) => {
              setFilter(e.value as Filter);
              setPage(1);
            }}
          />
        </div>
        <DataTable
          {...responsiveTable}
          value={list.data?.list ?? []}
          loading={list.loading}
          dataKey="notice_id"
          emptyMessage={filter === 'unread' ? t('noUnread') : t('empty')}
          lazy
          paginator={(list.data?.total ?? 0) > PAGE_SIZE}
          rows={PAGE_SIZE}
          first={(page - 1) * PAGE_SIZE}
          totalRecords={list.data?.total ?? 0}
          onPage={(e) => setPage((e.page ?? 0) + 1)}
          aria-label={t('title')}
        >
          <Column
            header={t('noticeTitle')}
            body={(n: Notice) => (
              <button type="button" className="folio-link-button" onClick={() => void view(n)}>
                {!isOn(n.is_read) && <Badge severity="danger" className="folio-unread-dot" aria-label={t('unread')} />}
                <span className={isOn(n.is_read) ? '' : 'folio-strong'}>{n.notice_title}</span>
              </button>
            )}
          />
          <Column field="from_name" header={t('from')} />
          <Column field="notice_time" header={t('time')} />
          <Column
            header={t('common:actions.delete')}
            body={(n: Notice) => (
              <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('delete', { title: n.notice_title })} onClick={() => remove(n)} />
            )}
          />
        </DataTable>
      </div>
      <Dialog header={open?.notice_title} visible={!!open} onHide={() => setOpen(null)} style={{ width: 'min(600px, 94vw)' }} modal>
        {open && (
          <>
            <p className="folio-muted">
              {open.from_name ? `${open.from_name} · ` : ''}
              {open.notice_time}
            </p>
            {/* Plain text on purpose: notice content is never rendered as HTML. */}
            <p className="folio-notice-content">{open.notice_content}</p>
          </>
        )}
      </Dialog>
    </PageFrame>
  );
}
