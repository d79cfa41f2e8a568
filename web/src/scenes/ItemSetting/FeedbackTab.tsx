import { call, apiUrl } from '../../api/client.ts';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Id } from '@core/wire';
import { type PageFeedback } from '../../api/comment.ts';
import { responsiveTable } from '../../components/tableLayout.ts';
import { useApiData } from '../../hooks/useApiData.ts';
import '../../components/Discussion/Discussion.css';
import { viewerTime } from '../../lib/viewerTime.ts';

/** Readers' "Was this page helpful?" answers per page: counts and notes, sortable, and a CSV download. */
export function FeedbackTab({ itemId }: { itemId: Id }) {
  const { t, i18n } = useTranslation('comments');
  const list = useApiData(() => call('feedback/list', { item_id: itemId }), [itemId]);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | undefined>(undefined);
  const rows = (list.data?.pages ?? []).map((p) => ({ ...p, notes_count: p.notes.length }));

  const notes = (row: PageFeedback) =>
    row.notes.length ? (
      <ul className="cm-feedback-notes">
        {row.notes.map((n, i) => (
          <li key={i}>
            <i
              className={`pi ${Number(n.helpful) ? 'pi-thumbs-up' : 'pi-thumbs-down'}`}
              aria-label={Number(n.helpful) ? t('feedback.yes') : t('feedback.no')}
            />
            <span className="cm-note-text">{n.note}</span>
            <time className="cm-time">{viewerTime(n.created_at, i18n.language)}</time>
          </li>
        ))}
      </ul>
    ) : (
      <p className="cm-muted">{t('settings.noNotes')}</p>
    );

  return (
    <div>
      <div className="cm-feedback-head">
        <p className="folio-muted">{t('settings.feedbackIntro')}</p>
        <a className="p-button p-button-outlined p-button-sm" href={apiUrl('feedback/export', { item_id: itemId })} download>
          <i className="pi pi-download" aria-hidden />
          &nbsp;{t('settings.exportCsv')}
        </a>
      </div>
      <DataTable
        {...responsiveTable}
        value={rows}
        loading={list.loading}
        dataKey="page_id"
        size="small"
        stripedRows
        sortField="unhelpful"
        sortOrder={-1}
        expandedRows={expanded}
        onRowToggle={(e) => setExpanded(e.data as DataTableExpandedRows)}
        rowExpansionTemplate={notes}
        emptyMessage={t('settings.noFeedback')}
        aria-label={t('settings.tabs.feedback')}
      >
        <Column expander style={{ width: '3rem' }} />
        <Column field="page_title" header={t('settings.page')} sortable />
        <Column field="helpful" header={t('settings.helpful')} sortable />
        <Column field="unhelpful" header={t('settings.unhelpful')} sortable />
        <Column field="notes_count" header={t('settings.notes')} sortable />
      </DataTable>
    </div>
  );
}
