import { MAX } from '@core/limits';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPassword } from '../../components/AccountPassword.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userUpdateEmail } from '@core/api/user';
import { notify } from '../../state/notify.ts';
import { call } from '../../api/client.ts';

/**
 * Bind or change the e-mail address; the current login password confirms it. The server mails a
 * verification link: `onSaved` gets the address now pending ('' when it was already this account's).
 */
export function EmailDialog({
  visible,
  current,
  onHide,
  onSaved,
}: {
  visible: boolean;
  current: string;
  onHide: () => void;
  onSaved: (pendingEmail: string) => void;
}) {
  const { t } = useTranslation('settings');
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');
  const form = useFieldProblems(userUpdateEmail.input);
  const { busy, error, setError, onSubmit } = useSubmit(
    async () => {
      const { pending_email } = await call('user/updateEmail', { email: email.trim(), password }, { quiet: true });
      notify('success', pending_email ? t('user.emailSaved', { email: pending_email }) : t('common:saved'));
      onSaved(pending_email);
      close();
    },
    { validate: () => form.check({ email: email.trim(), password }), inline: true },
  );
  const close = () => {
    setPassword('');
    setError('');
    onHide();
  };
  return (
    <FormDialog
      header={current ? t('user.changeEmail') : t('user.bindEmail')}
      visible={visible}
      onHide={close}
      onSubmit={onSubmit}
      error={error}
      busy={busy}
      canSubmit={!!email.trim() && !!password}
    >
      <FormField label={t('user.email')} htmlFor="email-new" error={form.problems.email}>
        <InputText id="email-new" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={MAX.email} autoComplete="email" autoFocus />
      </FormField>
      <FormField label={t('user.currentPassword')} htmlFor="email-password" error={form.problems.password}>
        <AccountPassword id="email-password" value={password} onChange={setPassword} autoComplete="current-password" />
      </FormField>
    </FormDialog>
  );
}
