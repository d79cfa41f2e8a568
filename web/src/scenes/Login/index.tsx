import { ErrorCode } from '@core/errors';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { commonApi } from '../../api/common.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { CaptchaField } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useCaptcha } from '../../hooks/useCaptcha.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userLogin } from '@core/api/user';
import { safeRedirect } from '../../state/navigation.ts';
import { setSessionUser } from '../../state/session.ts';
import { isOn } from '../../api/types.ts';
import { useSiteSetting } from '../../hooks/useSiteSetting.ts';
import { call } from '../../api/client.ts';

/** Codes after which the login form demands the verification code (spec §8). */
const CAPTCHA_CODES: number[] = [ErrorCode.CAPTCHA_WRONG, ErrorCode.LOGIN_FAILED];

export default function LoginScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const captcha = useCaptcha({ demandOn: CAPTCHA_CODES });
  const site = useSiteSetting();
  const registerOpen = !site.data || isOn(site.data.register_open);

  useEffect(() => {
    commonApi.housekeeping();
    // Already logged in (valid cookie): go on at once.
    call('user/info', { redirect_login: false }, { quiet: true })
      .then((user) => {
        setSessionUser(user);
        navigate(redirect, { replace: true });
      })
      .catch(() => undefined);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  const form = useFieldProblems(userLogin.input);
  const values = () => ({ username: username.trim(), password, v_code: captcha.value });
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const user = await call('user/login', values(), { quiet: true });
      setSessionUser(user);
      navigate(redirect, { replace: true });
    },
    { validate: () => form.check(values()), inline: true, onError: captcha.afterError },
  );

  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          {registerOpen ? (
            <span>
              {t('login.noAccount')} <Link to="/user/register">{t('login.toRegister')}</Link>
            </span>
          ) : (
            <span />
          )}
          <Link to="/user/resetPassword">{t('login.forgot')}</Link>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit} error={error} busy={busy} submitLabel={t('login.submit')} canSubmit={!!username.trim() && !!password}>
        <FormField label={t('login.username')} htmlFor="login-username" error={form.problems.username}>
          <InputText id="login-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoFocus required />
        </FormField>
        <FormField label={t('login.password')} htmlFor="login-password" error={form.problems.password}>
          <Password
            inputId="login-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            autoComplete="current-password"
            required
          />
        </FormField>
        {captcha.field && <CaptchaField id="login-captcha" {...captcha.field} />}
      </AuthForm>
    </AuthCard>
  );
}
