import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOn } from '../../api/types.ts';
import { FormField } from '../../components/FormField.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userUpdateInfo } from '@core/api/user';
import { notify } from '../../state/notify.ts';
import { setSessionUser } from '../../state/session.ts';
import { EmailDialog } from './EmailDialog.tsx';
import { AccessTokens } from './AccessTokens.tsx';
import { PasswordDialog } from './PasswordDialog.tsx';
import { call } from '../../api/client.ts';

/** `/user/setting`: read-only username, editable name, dialogs for password and e-mail, then the access tokens. */
export default function UserSettingScene() {
  const { t } = useTranslation('settings');
  const info = useApiData(() => call('user/info', {}), []);
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<'password' | 'email' | null>(null);

  useEffect(() => {
    if (info.data) {
      setName(info.data.name ?? '');
      setSessionUser(info.data);
    }
  }, [info.data]);
  // Before the early return below: hooks run on every render. The user is loaded by the time it submits.
  const form = useFieldProblems(userUpdateInfo.input);
  const { busy, onSubmit } = useSubmit(
    async () => {
      if (!info.data) return;
      await call('user/updateInfo', { name: name.trim() });
      info.setData({ ...info.data, name: name.trim() });
      notify('success', t('common:saved'));
    },
    { validate: () => form.check({ name }) },
  );
  const resend = useSubmit(async () => {
    if (!info.data) return;
    const { pending_email } = await call('user/resendEmailVerification', {});
    info.setData({ ...info.data, pending_email });
    notify('success', t('user.resent', { email: pending_email }));
  });

  if (!info.data)
    return info.loading ? (
      <PageSpinner />
    ) : (
      <PageFrame title={t('user.title')} back="/item/index">
        {null}
      </PageFrame>
    );
  const user = info.data;

  return (
    <PageFrame title={t('user.title')} back="/item/index">
      <div className="folio-panel folio-form">
        <form onSubmit={onSubmit}>
          <FormField label={t('user.username')} htmlFor="user-username">
            <InputText id="user-username" value={user.username} readOnly disabled />
          </FormField>
          <FormField label={t('user.name')} htmlFor="user-name" hint={t('user.nameHint')} error={form.problems.name}>
            <div className="p-inputgroup">
              <InputText id="user-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX.name} />
              <Button type="submit" label={t('common:actions.save')} loading={busy} disabled={name.trim() === (user.name ?? '')} />
            </div>
          </FormField>
        </form>
        <FormField label={t('user.email')}>
          <div className="folio-email-row">
            <span>{user.email || t('user.noEmail')}</span>
            {user.email && (
              <Tag severity={isOn(user.email_verify) ? 'success' : 'warning'} value={isOn(user.email_verify) ? t('user.verified') : t('user.unverified')} />
            )}
            <Button
              label={user.email ? t('user.changeEmail') : t('user.bindEmail')}
              icon="pi pi-envelope"
              outlined
              size="small"
              onClick={() => setDialog('email')}
            />
          </div>
          {/* An address counts only once its mailed link was followed: say which one waits, and offer the mail again. */}
          {(user.pending_email || (user.email && !isOn(user.email_verify))) && (
            <div className="folio-email-row" data-testid="email-pending">
              {user.pending_email && <Tag severity="warning" value={t('user.pending', { email: user.pending_email })} />}
              <span className="folio-muted">{t('user.pendingHint')}</span>
              <Button label={t('user.resend')} icon="pi pi-send" text size="small" loading={resend.busy} onClick={() => void resend.submit()} />
            </div>
          )}
        </FormField>
        {user.auth_source === 'ldap' && <p className="folio-muted">{t('user.ldapAccount')}</p>}
        <FormField label={t('user.password')}>
          <div>
            <Button label={t('user.changePassword')} icon="pi pi-key" outlined size="small" onClick={() => setDialog('password')} />
          </div>
        </FormField>
      </div>
      <AccessTokens />
      <PasswordDialog visible={dialog === 'password'} onHide={() => setDialog(null)} />
      <EmailDialog
        visible={dialog === 'email'}
        current={user.email ?? ''}
        onHide={() => setDialog(null)}
        onSaved={(pending_email) => info.setData({ ...user, pending_email })}
      />
    </PageFrame>
  );
}
