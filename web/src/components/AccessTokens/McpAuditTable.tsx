import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { mcpAuditApi } from '../../api/token.ts';
import type { Id, McpAuditInfo } from '@core/wire';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { viewerTime } from '../../lib/wireTime.ts';
import { responsiveTable } from '../tableLayout.ts';
import './tokens.css';

const PAGE_SIZE = 20;
/** The result the server records for a call that did what it was asked (else the error's message). */
const SUCCESS = /^ok$/;

/**
 * The log of write tools called through MCP, newest first and paged by the server: one item's
 * (`itemId`, for its owner and managers) or the whole site's (administrators, with an item column).
 */
export function McpAuditTable({ itemId }: { itemId?: Id }) {
  const { t } = useTranslation('tokens');
  const list = usePagedList(itemId, PAGE_SIZE, (item_id, page) => mcpAuditApi.list({ ...(item_id ? { item_id } : {}), ...page }));
  return (
    <DataTable
      {...responsiveTable}
      {...list.tableProps}
      dataKey="audit_id"
      emptyMessage={t('audit.empty')}
      size="small"
      stripedRows
      aria-label={t('audit.title')}
    >
      <Column header={t('audit.time')} body={(row: McpAuditInfo) => viewerTime(row.created_at_unix)} />
      <Column header={t('audit.who')} body={(row: McpAuditInfo) => t('audit.via', { user: row.username, token: row.token_name })} />
      <Column header={t('audit.tool')} body={(row: McpAuditInfo) => <code>{row.tool}</code>} />
      {!itemId && <Column header={t('audit.item')} body={(row: McpAuditInfo) => (row.item_id ? `#${row.item_id}` : '')} />}
      <Column header={t('audit.target')} body={(row: McpAuditInfo) => <span className="folio-audit-target">{row.target}</span>} />
      <Column
        header={t('audit.result')}
        body={(row: McpAuditInfo) => (
          <Tag value={SUCCESS.test(row.result) ? t('audit.ok') : row.result} severity={SUCCESS.test(row.result) ? 'success' : 'danger'} />
        )}
      />
    </DataTable>
  );
}
