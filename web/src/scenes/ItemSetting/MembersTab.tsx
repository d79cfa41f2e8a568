import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Id, Member } from '@core/wire';
import { FormField } from '../../components/FormField.tsx';
import { UserPicker } from '../../components/UserPicker.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { firstFormProblem } from '../../lib/formProblems.ts';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { notify } from '../../state/notify.ts';
import { catalogLimitOptions, memberGroupOptions } from './memberOptions.ts';
import { TeamsSection } from './TeamsSection.tsx';
import { responsiveTable } from '../../components/tableLayout.ts';

/** Tab 2: item members (add with a user picker, rights, catalog limit, delete) and bound teams. */
export function MembersTab({ itemId }: { itemId: Id }) {
  const { t } = useTranslation('settings');
  const members = useApiData(() => call('member/getList', { item_id: itemId }), [itemId]);
  const catalogs = useApiData(() => call('catalog/catListGroup', { item_id: itemId }), [itemId]);
  const [username, setUsername] = useState('');
  const [group, setGroup] = useState(1);
  const [catId, setCatId] = useState(0);
  const catOptions = catalogLimitOptions(t, catalogs.data ?? []);
  const groups = memberGroupOptions(t);

  const memberInput = () => ({ item_id: itemId, username: username.trim(), member_group_id: group, cat_id: catId });
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      if (!memberInput().username) return;
      await call('member/save', memberInput());
      notify('success', t('members.added'));
      setUsername('');
      await members.reload();
    },
    // member/save's own rules (the names' length, the role), shown under the picker.
    { validate: () => firstFormProblem('member/save', memberInput())?.message },
  );

  // Rights and catalog limit change in place: member/save updates the existing row.
  const change = async (m: Member, patch: { member_group_id?: number; cat_id?: number }) => {
    await call('member/save', {
      item_id: itemId,
      username: m.username,
      member_group_id: patch.member_group_id ?? Number(m.member_group_id),
      cat_id: patch.cat_id ?? Number(m.cat_id ?? 0),
    });
    notify('success', t('members.updated', { name: m.username }));
    await members.reload();
  };

  const remove = (m: Member) =>
    confirmDelete(t('members.deleteConfirm', { name: m.username }), async () => {
      await call('member/delete', { item_id: itemId, item_member_id: m.item_member_id });
      await members.reload();
    });

  return (
    <div className="folio-members">
      <h2 className="folio-section-title">{t('members.title')}</h2>
      <form className="folio-member-add" onSubmit={onSubmit}>
        <FormField label={t('members.username')} htmlFor="member-username" error={error || undefined}>
          <UserPicker
            inputId="member-username"
            value={username}
            onChange={setUsername}
            exclude={(members.data ?? []).map((m) => m.username)}
            placeholder={t('members.usernamePlaceholder')}
          />
        </FormField>
        <FormField label={t('members.rights')} htmlFor="member-group">
          <Dropdown inputId="member-group" value={group} options={groups} onChange={(e) => setGroup(e.value as number)} />
        </FormField>
        <FormField label={t('members.catalog')} htmlFor="member-catalog">
          <Dropdown inputId="member-catalog" value={catId} options={catOptions} onChange={(e) => setCatId(e.value as number)} />
        </FormField>
        <div className="folio-member-add-button">
          <Button type="submit" label={t('members.add')} icon="pi pi-user-plus" loading={busy} disabled={!username} />
        </div>
      </form>
      <DataTable
        {...responsiveTable}
        value={members.data ?? []}
        loading={members.loading}
        dataKey="item_member_id"
        emptyMessage={t('members.empty')}
        size="small"
        stripedRows
        aria-label={t('members.title')}
      >
        <Column
          field="username"
          header={t('members.username')}
          body={(m: Member) => (m.name && m.name !== m.username ? `${m.username} (${m.name})` : m.username)}
        />
        <Column
          header={t('members.rights')}
          body={(m: Member) => (
            <Dropdown
              value={Number(m.member_group_id)}
              options={groups}
              aria-label={t('members.rightsOf', { name: m.username })}
              onChange={(e) => void change(m, { member_group_id: e.value as number })}
            />
          )}
        />
        <Column
          header={t('members.catalog')}
          body={(m: Member) => (
            <Dropdown
              value={Number(m.cat_id ?? 0)}
              options={catOptions}
              aria-label={t('members.catalogOf', { name: m.username })}
              onChange={(e) => void change(m, { cat_id: e.value as number })}
            />
          )}
        />
        <Column field="addtime" header={t('members.addtime')} />
        <Column
          header={t('common:actions.delete')}
          body={(m: Member) => (
            <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('members.delete', { name: m.username })} onClick={() => remove(m)} />
          )}
        />
      </DataTable>
      <TeamsSection itemId={itemId} />
    </div>
  );
}
