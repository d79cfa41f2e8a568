import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Id, TeamItem, TeamItemMember } from '@core/wire';
import { useApiData } from '../../hooks/useApiData.ts';
import { catalogLimitOptions, memberGroupOptions } from './memberOptions.ts';
import { responsiveTable } from '../../components/tableLayout.ts';

/** A bound team's members with their rights and catalog limit in this item (`teamItemMember/*`). */
export function TeamMembersOfItem({ itemId, teamItem, onHide }: { itemId: Id; teamItem: TeamItem; onHide: () => void }) {
  const { t } = useTranslation('settings');
  const list = useApiData(() => call('teamItemMember/getList', { item_id: itemId, team_id: teamItem.team_id }), [itemId, teamItem.team_id]);
  const catalogs = useApiData(() => call('catalog/catListGroup', { item_id: itemId }), [itemId]);
  const groups = memberGroupOptions(t).filter((g) => g.value !== 2);
  const catOptions = catalogLimitOptions(t, catalogs.data ?? []);

  const change = async (row: TeamItemMember, patch: { member_group_id?: number; cat_id?: number }) => {
    try {
      await call('teamItemMember/save', { id: row.id, ...patch });
      await list.reload();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Dialog header={t('teams.membersOf', { name: teamItem.team_name })} visible onHide={onHide} style={{ width: 'min(760px, 96vw)' }} modal>
      <DataTable {...responsiveTable} value={list.data ?? []} loading={list.loading} dataKey="id" emptyMessage={t('members.empty')} size="small">
        <Column field="member_username" header={t('members.username')} />
        <Column
          header={t('members.rights')}
          body={(row: TeamItemMember) => (
            <Dropdown
              value={Number(row.member_group_id)}
              options={groups}
              aria-label={t('members.rightsOf', { name: row.member_username })}
              onChange={(e) => void change(row, { member_group_id: e.value as number })}
            />
          )}
        />
        <Column
          header={t('members.catalog')}
          body={(row: TeamItemMember) => (
            <Dropdown
              value={Number(row.cat_id ?? 0)}
              options={catOptions}
              aria-label={t('members.catalogOf', { name: row.member_username })}
              onChange={(e) => void change(row, { cat_id: e.value as number })}
            />
          )}
        />
      </DataTable>
    </Dialog>
  );
}
