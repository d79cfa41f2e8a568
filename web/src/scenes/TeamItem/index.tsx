import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { Id, TeamItem } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { FormField } from '../../components/FormField.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useTeamItemBinding } from '../../hooks/useTeamItemBinding.ts';
import { itemPath } from '../../state/links.ts';
import { responsiveTable } from '../../components/tableLayout.ts';

/** `/team/item/:teamId`: the items the team works on; bind one of the items I manage, unbind. */
export default function TeamItemScene() {
  const { t } = useTranslation('teams');
  const { teamId = '' } = useParams();
  const teams = useApiData(() => call('team/getList', {}), []);
  const bound = useApiData(() => call('teamItem/getListByTeam', { team_id: teamId }), [teamId]);
  const mine = useApiData(() => call('item/myList', {}), []);
  const [itemId, setItemId] = useState<Id | null>(null);
  const team = teams.data?.find((x) => String(x.id) === teamId);
  // Binding and unbinding items is for the team's managers (team/getList's team_manage).
  const manage = !!team && isOn(team.team_manage);
  const boundIds = new Set((bound.data ?? []).map((b) => String(b.item_id)));
  const options = (mine.data ?? [])
    .filter((i) => (isOn(i.creator) || isOn(i.manage)) && !boundIds.has(String(i.item_id)))
    .map((i) => ({ value: i.item_id, label: i.item_name }));

  const binding = useTeamItemBinding(bound.reload, {
    bound: t('itemBound'),
    unbind: t('unbind'),
    unbindConfirm: (row) => t('unbindItemConfirm', { name: row.item_name }),
  });
  const bind = async () => {
    if (itemId && (await binding.bind({ team_id: teamId, item_id: itemId }))) setItemId(null);
  };
  const unbind = binding.unbind;

  return (
    <PageFrame title={team ? t('itemsOf', { name: team.team_name }) : t('items')} back="/team/index">
      <div className="folio-panel">
        <p className="folio-muted folio-intro">{t('itemsIntro')}</p>
        {manage && (
          <div className="folio-inline-form">
            <FormField label={t('item')} htmlFor="team-item-pick">
              <Dropdown
                inputId="team-item-pick"
                value={itemId}
                options={options}
                placeholder={t('pickItem')}
                emptyMessage={t('noItemToBind')}
                filter={options.length > 9}
                onChange={(e) => setItemId(e.value as Id)}
              />
            </FormField>
            <Button label={t('bindItem')} icon="pi pi-link" disabled={!itemId} onClick={() => void bind()} />
          </div>
        )}
        <DataTable
          {...responsiveTable}
          value={bound.data ?? []}
          loading={bound.loading}
          dataKey="id"
          emptyMessage={t('noItems')}
          stripedRows
          aria-label={t('items')}
        >
          <Column header={t('item')} body={(row: TeamItem) => <Link to={itemPath({ item_id: row.item_id })}>{row.item_name}</Link>} />
          <Column field="addtime" header={t('addtime')} />
          {manage && (
            <Column
              header={t('unbind')}
              body={(row: TeamItem) => (
                <Button icon="pi pi-times" text rounded severity="danger" aria-label={t('unbindItem', { name: row.item_name })} onClick={() => unbind(row)} />
              )}
            />
          )}
        </DataTable>
      </div>
    </PageFrame>
  );
}
