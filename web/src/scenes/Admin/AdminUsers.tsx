import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, Id } from '@core/wire';
import { AccountPassword } from '../../components/AccountPassword.tsx';
import { FormField } from '../../components/FormField.tsx';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { adminUserAddUser } from '@core/api/adminUser';
import { confirmDelete } from '../../lib/confirmDelete.ts';
import { notify } from '../../state/notify.ts';
import { responsiveTable } from '../../components/tableLayout.ts';
import { AdminSection } from './AdminSection.tsx';
import { SearchToolbar } from './SearchToolbar.tsx';
import { call } from '../../api/client.ts';

const PAGE_SIZE = 20;
/** `ldapLogin` typed: link to that directory entry; `unlink`: make a linked account local again. */
type Editing = {
  uid?: Id;
  username: string;
  name: string;
  password: string;
  email: string;
  unverifiedEmail: string;
  ldapDn: string;
  ldapLogin: string;
  unlink: boolean;
};
const blank: Editing = { username: '', name: '', password: '', email: '', unverifiedEmail: '', ldapDn: '', ldapLogin: '', unlink: false };
/**
 * Saving sends the e-mail field as an address the administrator vouches for (it becomes verified),
 * so only a verified address is filled in: an unverified claim is shown as the placeholder and
 * counts only if the administrator types it.
 */
const emailFields = (u: AdminUser) =>
  Number(u.email_verify) === 1 ? { email: u.email ?? '', unverifiedEmail: '' } : { email: '', unverifiedEmail: u.email ?? '' };

/** User management: search, add, edit (username read-only, password optional), delete (not admins). */
export function AdminUsers() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = usePagedList('', PAGE_SIZE, (username, page) => call('adminUser/getList', { username, ...page }));

  const form = useFieldProblems(adminUserAddUser.input);
  const input = (e: Editing) => ({
    uid: e.uid,
    username: e.uid ? undefined : e.username.trim(),
    password: e.password || undefined,
    name: e.name,
    email: e.email.trim() || undefined,
  });
  const saveSubmit = useSubmit(
    async () => {
      if (!editing) return;
      const { uid } = await call('adminUser/addUser', input(editing));
      if (editing.ldapLogin.trim() || editing.unlink) await call('adminUser/linkLdap', { uid, ldap_login: editing.unlink ? '' : editing.ldapLogin.trim() });
      notify('success', t('common:saved'));
      setEditing(null);
      await list.reload();
    },
    { validate: () => (editing ? form.check(input(editing)) : null) },
  );

  const remove = (u: AdminUser) =>
    confirmDelete(t('users.deleteConfirm', { name: u.username }), async () => {
      await call('adminUser/deleteUser', { uid: u.uid });
      await list.reload();
    });

  const set = (patch: Partial<Editing>) => setEditing((v) => (v ? { ...v, ...patch } : v));

  return (
    <AdminSection id="admin-users" title={t('menu.users')}>
      <SearchToolbar
        onSearch={() => list.search(search.trim())}
        extra={
          <>
            <span className="folio-spacer" />
            <Button type="button" icon="pi pi-user-plus" label={t('users.add')} onClick={() => setEditing({ ...blank })} />
          </>
        }
      >
        <InputText type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('users.search')} aria-label={t('users.search')} />
      </SearchToolbar>
      <DataTable {...responsiveTable} {...list.tableProps} dataKey="uid" emptyMessage={t('users.empty')} stripedRows aria-label={t('menu.users')}>
        <Column field="username" header={t('users.username')} />
        <Column field="name" header={t('users.name')} />
        <Column
          header={t('users.role')}
          body={(u: AdminUser) => (Number(u.groupid) === 1 ? <Tag value={t('users.admin')} /> : <Tag value={t('users.ordinary')} severity="secondary" />)}
        />
        <Column
          header={t('users.signIn')}
          body={(u: AdminUser) => (
            <Tag
              value={u.auth_source === 'ldap' ? t('users.ldap') : t('users.local')}
              severity={u.auth_source === 'ldap' ? 'info' : 'secondary'}
              title={u.ldap_dn || undefined}
            />
          )}
        />
        <Column field="reg_time" header={t('users.regTime')} />
        <Column field="last_login_time" header={t('users.lastLogin')} />
        <Column
          header={t('actions')}
          body={(u: AdminUser) => (
            <div className="folio-table-actions">
              <Button
                icon="pi pi-pencil"
                text
                rounded
                aria-label={t('users.edit', { name: u.username })}
                onClick={() => setEditing({ ...blank, uid: u.uid, username: u.username, name: u.name ?? '', ...emailFields(u), ldapDn: u.ldap_dn })}
              />
              {Number(u.groupid) !== 1 && (
                <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('users.delete', { name: u.username })} onClick={() => remove(u)} />
              )}
            </div>
          )}
        />
      </DataTable>
      <Dialog
        header={editing?.uid ? t('users.editTitle') : t('users.add')}
        visible={!!editing}
        onHide={() => setEditing(null)}
        style={{ width: 'min(440px, 94vw)' }}
        modal
      >
        {editing && (
          <form onSubmit={saveSubmit.onSubmit}>
            <FormField label={t('users.username')} htmlFor="admin-user-username">
              <InputText
                id="admin-user-username"
                value={editing.username}
                onChange={(e) => set({ username: e.target.value })}
                readOnly={!!editing.uid}
                disabled={!!editing.uid}
                maxLength={MAX.username}
                autoFocus={!editing.uid}
              />
            </FormField>
            <FormField label={t('users.name')} htmlFor="admin-user-name" error={form.problems.name}>
              <InputText id="admin-user-name" value={editing.name} onChange={(e) => set({ name: e.target.value })} maxLength={MAX.name} />
            </FormField>
            <FormField
              label={editing.uid ? t('users.newPassword') : t('users.password')}
              htmlFor="admin-user-password"
              hint={editing.uid ? t('users.passwordOptional') : undefined}
              error={form.problems.password}
            >
              {/* Shown in clear only while adding, so the admin can pass it on (spec §5). */}
              {editing.uid ? (
                <AccountPassword id="admin-user-password" value={editing.password} onChange={(password) => set({ password })} autoComplete="new-password" />
              ) : (
                <InputText
                  id="admin-user-password"
                  value={editing.password}
                  onChange={(e) => set({ password: e.target.value })}
                  maxLength={MAX.password}
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField label={t('users.email')} htmlFor="admin-user-email" hint={t('users.emailHint')} error={form.problems.email}>
              <InputText
                id="admin-user-email"
                type="email"
                value={editing.email}
                onChange={(e) => set({ email: e.target.value })}
                placeholder={editing.unverifiedEmail ? t('users.unverifiedEmail', { email: editing.unverifiedEmail }) : undefined}
                maxLength={MAX.email}
                autoComplete="off"
              />
            </FormField>
            <FormField
              label={t('users.ldapLogin')}
              htmlFor="admin-user-ldap"
              hint={editing.ldapDn && !editing.unlink ? t('users.ldapLinked', { dn: editing.ldapDn }) : t('users.ldapHint')}
            >
              <div className="p-inputgroup">
                <InputText
                  id="admin-user-ldap"
                  value={editing.ldapLogin}
                  onChange={(e) => set({ ldapLogin: e.target.value, unlink: false })}
                  maxLength={MAX.email}
                  autoComplete="off"
                />
                {editing.ldapDn && !editing.unlink && (
                  <Button
                    type="button"
                    icon="pi pi-times"
                    outlined
                    aria-label={t('users.local')}
                    title={t('users.local')}
                    onClick={() => set({ unlink: true, ldapLogin: '' })}
                  />
                )}
              </div>
            </FormField>
            <div className="folio-dialog-actions">
              <Button type="button" label={t('common:actions.cancel')} text onClick={() => setEditing(null)} />
              <Button type="submit" label={t('common:actions.save')} disabled={!editing.uid && (!editing.username.trim() || !editing.password)} />
            </div>
          </form>
        )}
      </Dialog>
    </AdminSection>
  );
}
