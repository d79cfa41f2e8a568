import { MAX } from '@core/limits';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isOn } from '../../api/types.ts';
import { AccountPassword } from '../../components/AccountPassword.tsx';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { CaptchaField } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useCaptcha } from '../../hooks/useCaptcha.ts';
import { useSiteSetting } from '../../hooks/useSiteSetting.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userRegister } from '@core/api/user';
import { newPasswordProblem } from '../../lib/newPassword.ts';
import { notify } from '../../state/notify.ts';
import { setSessionUser } from '../../state/session.ts';
import { call } from '../../api/client.ts';

export default function RegisterScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const site = useSiteSetting();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A failed registration always costs the code (single use): `afterError` shows a new image.
  const captcha = useCaptcha({ shown: true });

  const form = useFieldProblems(userRegister.input);
  const values = () => ({ username: username.trim(), password, confirm_password: confirm, v_code: captcha.value });
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const user = await call('user/register', values(), { quiet: true });
      setSessionUser(user);
      notify('success', t('register.done'));
      navigate('/item/index', { replace: true });
    },
    { validate: () => newPasswordProblem(password, confirm) || form.check(values()), inline: true, onError: captcha.afterError },
  );

  const footer = (
    <span>
      {t('register.haveAccount')} <Link to="/user/login">{t('register.toLogin')}</Link>
    </span>
  );
  if (site.loading) return <PageSpinner />;
  if (site.data && !isOn(site.data.register_open)) {
    return (
      <AuthCard title={t('register.title')} footer={footer}>
        <Message severity="info" text={t('register.closed')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('register.title')} footer={footer}>
      <AuthForm
        onSubmit={onSubmit}
        error={error}
        busy={busy}
        submitLabel={t('register.submit')}
        canSubmit={!!username.trim() && !!password && !!confirm && !!captcha.value}
      >
        <FormField label={t('register.username')} htmlFor="register-username" error={form.problems.username}>
          <InputText
            id="register-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            maxLength={MAX.username}
            autoFocus
            required
          />
        </FormField>
        <FormField label={t('register.password')} htmlFor="register-password" error={form.problems.password}>
          <AccountPassword id="register-password" value={password} onChange={setPassword} autoComplete="new-password" required />
        </FormField>
        <FormField label={t('register.confirmPassword')} htmlFor="register-confirm" error={form.problems.confirm_password}>
          <AccountPassword id="register-confirm" value={confirm} onChange={setConfirm} autoComplete="new-password" required />
        </FormField>
        {captcha.field && <CaptchaField id="register-captcha" {...captcha.field} />}
      </AuthForm>
    </AuthCard>
  );
}
