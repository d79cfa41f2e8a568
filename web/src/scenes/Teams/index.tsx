import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { isOn } from '../../api/types.ts';
import type { Team } from '@core/wire';
import { ConfirmWithPassword } from '../../components/ConfirmWithPassword.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem, formProblems } from '../../lib/formProblems.ts';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { notify } from '../../state/notify.ts';
import { responsiveTable } from '../../components/tableLayout.ts';

/** `/team/index`: my teams with member and item counts; add, rename, transfer, delete. */
export default function TeamsScene() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const teams = useApiData(() => call('team/getList', {}), []);
  const [editing, setEditing] = useState<{ id?: Team['id']; team_name: string } | null>(null);
  const [transferring, setTransferring] = useState<Team | null>(null);
  const [receiver, setReceiver] = useState('');
  const [receiverProblem, setReceiverProblem] = useState('');

  const teamInput = () => ({ id: editing?.id, team_name: editing?.team_name.trim() ?? '' });
  const { error, onSubmit } = useSubmit(
    async () => {
      await call('team/save', teamInput());
      notify('success', t('common:saved'));
      setEditing(null);
      await teams.reload();
    },
    // team/save's own rules (name required, its length), shown under the name.
    { validate: () => firstFormProblem('team/save', teamInput())?.message },
  );

  const remove = (team: Team) =>
    confirmDelete(t('deleteConfirm', { name: team.team_name }), async () => {
      await call('team/delete', { id: team.id });
      await teams.reload();
    });

  const actions = (team: Team) => (
    <div className="folio-table-actions">
      <Button
        icon="pi pi-users"
        text
        rounded
        aria-label={t('membersOf', { name: team.team_name })}
        tooltip={t('members')}
        onClick={() => navigate(`/team/member/${team.id}`)}
      />
      <Button
        icon="pi pi-book"
        text
        rounded
        aria-label={t('itemsOf', { name: team.team_name })}
        tooltip={t('items')}
        onClick={() => navigate(`/team/item/${team.id}`)}
      />
      {/* Only what the server allows (team/getList's flags): managers rename, the owner transfers and deletes. */}
      {isOn(team.team_manage) && (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          aria-label={t('rename', { name: team.team_name })}
          tooltip={t('common:actions.edit')}
          onClick={() => setEditing({ id: team.id, team_name: team.team_name })}
        />
      )}
      {isOn(team.team_own) && (
        <>
          <Button
            icon="pi pi-arrow-right-arrow-left"
            text
            rounded
            aria-label={t('transfer', { name: team.team_name })}
            tooltip={t('transferTitle')}
            onClick={() => setTransferring(team)}
          />
          <Button
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('delete', { name: team.team_name })}
            tooltip={t('common:actions.delete')}
            onClick={() => remove(team)}
          />
        </>
      )}
    </div>
  );

  return (
    <PageFrame title={t('title')} back="/item/index" actions={<Button label={t('add')} icon="pi pi-plus" onClick={() => setEditing({ team_name: '' })} />}>
      <div className="folio-panel">
        <p className="folio-muted folio-intro">{t('intro')}</p>
        <DataTable
          {...responsiveTable}
          value={teams.data ?? []}
          loading={teams.loading}
          dataKey="id"
          emptyMessage={t('empty')}
          stripedRows
          aria-label={t('title')}
        >
          <Column field="team_name" header={t('name')} />
          <Column field="memberCount" header={t('memberCount')} />
          <Column field="itemCount" header={t('itemCount')} />
          <Column header={t('common:actions.edit')} body={actions} />
        </DataTable>
      </div>
      <Dialog
        header={editing?.id ? t('renameTitle') : t('add')}
        visible={!!editing}
        onHide={() => setEditing(null)}
        style={{ width: 'min(420px, 94vw)' }}
        modal
      >
        <form onSubmit={onSubmit}>
          <FormField label={t('name')} htmlFor="team-name" error={error || undefined}>
            <InputText
              id="team-name"
              value={editing?.team_name ?? ''}
              onChange={(e) => setEditing((v) => ({ ...v, team_name: e.target.value }))}
              maxLength={MAX.teamName}
              autoFocus
            />
          </FormField>
          <div className="folio-dialog-actions">
            <Button type="button" label={t('common:actions.cancel')} text onClick={() => setEditing(null)} />
            <Button type="submit" label={t('common:actions.save')} disabled={!editing?.team_name.trim()} />
          </div>
        </form>
      </Dialog>
      {transferring && (
        <ConfirmWithPassword
          visible
          title={t('transferTitle')}
          message={t('transferText', { name: transferring.team_name })}
          confirmLabel={t('transferTitle')}
          onHide={() => setTransferring(null)}
          onConfirm={async (password) => {
            const input = { team_id: transferring.id, username: receiver.trim(), password };
            // team/attorn's own rule for the receiver (required, its length), shown under the field; the dialog stays open.
            const problem = formProblems('team/attorn', input).username;
            setReceiverProblem(problem ?? '');
            if (problem) throw new Error(problem);
            await call('team/attorn', input);
            notify('success', t('transferred'));
            setTransferring(null);
            await teams.reload();
          }}
        >
          <FormField label={t('receiver')} htmlFor="team-receiver" error={receiverProblem || undefined}>
            <InputText id="team-receiver" value={receiver} onChange={(e) => setReceiver(e.target.value)} maxLength={MAX.email} invalid={!!receiverProblem} />
          </FormField>
        </ConfirmWithPassword>
      )}
    </PageFrame>
  );
}
