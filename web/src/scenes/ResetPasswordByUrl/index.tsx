import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountPassword } from '../../components/AccountPassword.tsx';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userResetPasswordByUrl } from '@core/api/user';
import { newPasswordProblem } from '../../lib/newPassword.ts';
import { safeRedirect } from '../../state/navigation.ts';
import { notify } from '../../state/notify.ts';
import { call } from '../../api/client.ts';

/** Opened from the reset e-mail: query uid, email, token and optionally redirect. */
export default function ResetPasswordByUrlScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const link = { uid: search.get('uid') ?? '', email: search.get('email') ?? '', token: search.get('token') ?? '' };
  const complete = Boolean(link.uid && link.email && link.token);
  const [password, setPassword] = useState('');
  const form = useFieldProblems(userResetPasswordByUrl.input);
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      await call('user/resetPasswordByUrl', { new_password: password, ...link }, { quiet: true });
      notify('success', t('resetByUrl.done'));
      const after = safeRedirect(search.get('redirect'), '');
      navigate(after ? `/user/login?redirect=${encodeURIComponent(after)}` : '/user/login', { replace: true });
    },
    { validate: () => newPasswordProblem(password) || form.check({ new_password: password, ...link }), inline: true },
  );

  return (
    <AuthCard title={t('resetByUrl.title')}>
      {!complete ? (
        <Message severity="warn" text={t('resetByUrl.badLink')} />
      ) : (
        <AuthForm onSubmit={onSubmit} error={error} busy={busy} submitLabel={t('resetByUrl.submit')} canSubmit={!!password}>
          <p className="folio-muted">{link.email}</p>
          <FormField label={t('resetByUrl.newPassword')} htmlFor="reset-new-password" error={form.problems.new_password}>
            <AccountPassword id="reset-new-password" value={password} onChange={setPassword} autoComplete="new-password" autoFocus />
          </FormField>
        </AuthForm>
      )}
    </AuthCard>
  );
}
