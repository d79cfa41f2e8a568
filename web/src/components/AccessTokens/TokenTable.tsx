import './tokens.css';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessTokenInfo, AdminAccessTokenInfo } from '@core/wire';
import { responsiveTable } from '../tableLayout.ts';

/** Columns a phone leaves out, so that the expiry and Revoke fit without scrolling sideways. */
const PHONE_HIDDEN = 'folio-token-phone-hidden';

/**
 * Personal access tokens as a table: the user's own (settings) or everyone's (admin, with `showOwner`).
 * Revoke asks first; `onRevoke` makes the call and reloads. `itemNames` turns allow-listed ids into names.
 */
export function TokenTable<T extends AccessTokenInfo>({
  tokens,
  loading,
  onRevoke,
  showOwner,
  itemNames,
}: {
  tokens: T[];
  loading: boolean;
  onRevoke: (token: T) => Promise<void>;
  showOwner?: boolean;
  itemNames?: Map<string, string>;
}) {
  const { t } = useTranslation('tokens');
  const revoke = (token: T) =>
    confirmDialog({
      header: t('revokeTitle'),
      message: t('revokeConfirm', { name: token.name }),
      acceptLabel: t('revoke'),
      rejectLabel: t('common:actions.cancel'),
      acceptClassName: 'p-button-danger',
      accept: () => onRevoke(token),
    });
  // The items' names go into the rows themselves: the table re-renders a cell only when its row changes,
  // and the names may arrive after the tokens.
  const rows = useMemo(
    () =>
      tokens.map((token) => ({
        ...token,
        items_label: token.item_ids.length === 0 ? t('allItems') : token.item_ids.map((id) => itemNames?.get(String(id)) ?? `#${id}`).join(', '),
      })),
    [tokens, itemNames, t],
  );
  return (
    <DataTable
      {...responsiveTable}
      value={rows}
      loading={loading}
      dataKey="token_id"
      emptyMessage={t('empty')}
      size="small"
      stripedRows
      aria-label={t('listLabel')}
    >
      {showOwner && <Column header={t('owner')} body={(row: T) => (row as unknown as AdminAccessTokenInfo).username} />}
      <Column field="name" header={t('name')} />
      <Column header={t('scope')} body={(row: T) => <Tag value={t(`scopes.${row.scope}`)} severity={row.scope === 'write' ? 'warning' : 'info'} />} />
      <Column field="items_label" header={t('items')} />
      <Column header={t('created')} field="created_at" headerClassName={PHONE_HIDDEN} bodyClassName={PHONE_HIDDEN} />
      <Column header={t('lastUsed')} body={(row: T) => row.last_used_at || t('neverUsed')} headerClassName={PHONE_HIDDEN} bodyClassName={PHONE_HIDDEN} />
      <Column header={t('expires')} body={(row: T) => row.expires_at || t('noExpiry')} />
      <Column
        header={t('actions')}
        body={(row: T) => (
          <Button
            label={t('revoke')}
            icon="pi pi-ban"
            text
            size="small"
            severity="danger"
            aria-label={t('revokeNamed', { name: row.name })}
            onClick={() => revoke(row)}
          />
        )}
      />
    </DataTable>
  );
}
