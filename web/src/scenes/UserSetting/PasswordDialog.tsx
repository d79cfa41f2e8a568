import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPassword } from '../../components/AccountPassword.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userResetPassword } from '@core/api/user';
import { newPasswordProblem } from '../../lib/newPassword.ts';
import { notify } from '../../state/notify.ts';
import { call } from '../../api/client.ts';

const EMPTY = { current: '', next: '', again: '' };

/** Change the login password: the current one, then the new one twice. */
export function PasswordDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState(EMPTY);
  const form = useFieldProblems(userResetPassword.input);
  const input = () => ({ password: values.current, new_password: values.next });
  const { busy, error, setError, onSubmit } = useSubmit(
    async () => {
      await call('user/resetPassword', input(), { quiet: true });
      notify('success', t('user.passwordChanged'));
      close();
    },
    { validate: () => newPasswordProblem(values.next, values.again) || form.check(input()), inline: true },
  );
  const close = () => {
    setValues(EMPTY);
    setError('');
    onHide();
  };
  const field = (
    key: keyof typeof EMPTY,
    id: string,
    label: string,
    autoComplete: 'new-password' | 'current-password',
    autoFocus = false,
    problem?: string,
  ) => (
    <FormField label={label} htmlFor={id} error={problem}>
      <AccountPassword
        id={id}
        value={values[key]}
        onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
      />
    </FormField>
  );
  return (
    <FormDialog
      header={t('user.changePassword')}
      visible={visible}
      onHide={close}
      onSubmit={onSubmit}
      error={error}
      busy={busy}
      canSubmit={!!values.current && !!values.next && !!values.again}
    >
      {field('current', 'pw-current', t('user.currentPassword'), 'current-password', true, form.problems.password)}
      {field('next', 'pw-new', t('user.newPassword'), 'new-password', false, form.problems.new_password)}
      {field('again', 'pw-again', t('user.newPasswordAgain'), 'new-password')}
    </FormDialog>
  );
}
