import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Id, TeamItem } from '@core/wire';
import { FormField } from '../../components/FormField.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useTeamItemBinding } from '../../hooks/useTeamItemBinding.ts';
import { TeamMembersOfItem } from './TeamMembersOfItem.tsx';
import { responsiveTable } from '../../components/tableLayout.ts';

/** The teams bound to the item: bind one of my teams, list, adjust their members, unbind. */
export function TeamsSection({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('settings');
  const bound = useApiData(() => call('teamItem/getList', { item_id: itemId }), [itemId]);
  const myTeams = useApiData(() => call('team/getList', {}), []);
  const [teamId, setTeamId] = useState<Id | null>(null);
  const [shown, setShown] = useState<TeamItem | null>(null);
  const boundIds = new Set((bound.data ?? []).map((b) => String(b.team_id)));
  const options = (myTeams.data ?? []).filter((team) => !boundIds.has(String(team.id))).map((team) => ({ value: team.id, label: team.team_name }));

  const binding = useTeamItemBinding(bound.reload, {
    bound: t('teams.bound'),
    unbind: t('teams.unbind'),
    unbindConfirm: (row) => t('teams.unbindConfirm', { name: row.team_name }),
  });
  const bind = async () => {
    if (teamId && (await binding.bind({ item_id: itemId, team_id: teamId }))) setTeamId(null);
  };
  const unbind = binding.unbind;

  return (
    <section className="folio-teams-section" aria-labelledby="item-teams-title">
      <h2 id="item-teams-title" className="folio-section-title">
        {t('teams.title')}
      </h2>
      <div className="folio-member-add">
        <FormField label={t('teams.team')} htmlFor="bind-team">
          <Dropdown
            inputId="bind-team"
            value={teamId}
            options={options}
            placeholder={t('teams.pick')}
            emptyMessage={t('teams.noTeams')}
            onChange={(e) => setTeamId(e.value as Id)}
          />
        </FormField>
        <div className="folio-member-add-button">
          <Button type="button" label={t('teams.bind')} icon="pi pi-link" disabled={!teamId} onClick={() => void bind()} />
        </div>
      </div>
      <DataTable
        {...responsiveTable}
        value={bound.data ?? []}
        loading={bound.loading}
        dataKey="id"
        emptyMessage={t('teams.empty')}
        size="small"
        stripedRows
        aria-label={t('teams.title')}
      >
        <Column field="team_name" header={t('teams.team')} />
        <Column field="addtime" header={t('members.addtime')} />
        <Column
          header={t('common:actions.edit')}
          body={(row: TeamItem) => (
            <div className="folio-table-actions">
              <Button icon="pi pi-users" text rounded aria-label={t('teams.members', { name: row.team_name })} onClick={() => setShown(row)} />
              <Button
                icon="pi pi-times"
                text
                rounded
                severity="danger"
                aria-label={t('teams.unbindNamed', { name: row.team_name })}
                onClick={() => unbind(row)}
              />
            </div>
          )}
        />
      </DataTable>
      {shown && <TeamMembersOfItem itemId={itemId} teamItem={shown} onHide={() => setShown(null)} />}
    </section>
  );
}
