import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOn } from '../../api/types.ts';
import { useParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { TeamMember } from '@core/wire';
import { FormField } from '../../components/FormField.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { UserPicker } from '../../components/UserPicker.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { notify } from '../../state/notify.ts';
import { responsiveTable } from '../../components/tableLayout.ts';

/** `/team/member/:teamId`: the team's members; add with the user picker, remove. */
export default function TeamMemberScene() {
  const { t } = useTranslation('teams');
  const { teamId = '' } = useParams();
  const teams = useApiData(() => call('team/getList', {}), []);
  const members = useApiData(() => call('teamMember/getList', { team_id: teamId }), [teamId]);
  const [username, setUsername] = useState('');
  const team = teams.data?.find((x) => String(x.id) === teamId);
  // Adding and removing members is for the team's managers (team/getList's team_manage).
  const manage = !!team && isOn(team.team_manage);

  const memberInput = () => ({ team_id: teamId, member_username: username.trim() });
  const { error, onSubmit } = useSubmit(
    async () => {
      await call('teamMember/save', memberInput());
      notify('success', t('memberAdded'));
      setUsername('');
      await members.reload();
    },
    // teamMember/save's own rules (the names' length), shown under the picker.
    { validate: () => firstFormProblem('teamMember/save', memberInput())?.message },
  );

  const remove = (m: TeamMember) =>
    confirmDelete(t('removeMemberConfirm', { name: m.member_username }), async () => {
      await call('teamMember/delete', { id: m.id });
      await members.reload();
    });

  return (
    <PageFrame title={team ? t('membersOf', { name: team.team_name }) : t('members')} back="/team/index">
      <div className="folio-panel">
        <p className="folio-muted folio-intro">{t('membersIntro')}</p>
        {manage && (
          <form className="folio-inline-form" onSubmit={onSubmit}>
            <FormField label={t('memberUsername')} htmlFor="team-member-username" error={error || undefined}>
              <UserPicker inputId="team-member-username" value={username} onChange={setUsername} exclude={(members.data ?? []).map((m) => m.member_username)} />
            </FormField>
            <Button type="submit" label={t('addMember')} icon="pi pi-user-plus" disabled={!username.trim()} />
          </form>
        )}
        <DataTable
          {...responsiveTable}
          value={members.data ?? []}
          loading={members.loading}
          dataKey="id"
          emptyMessage={t('noMembers')}
          stripedRows
          aria-label={t('members')}
        >
          <Column field="member_username" header={t('memberUsername')} />
          <Column field="name" header={t('memberName')} />
          <Column field="addtime" header={t('addtime')} />
          {manage && (
            <Column
              header={t('common:actions.delete')}
              body={(m: TeamMember) => (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('removeMember', { name: m.member_username })}
                  onClick={() => remove(m)}
                />
              )}
            />
          )}
        </DataTable>
      </div>
    </PageFrame>
  );
}
