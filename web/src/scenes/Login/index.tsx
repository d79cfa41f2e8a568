import { ErrorCode } from '@core/errors';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { commonApi } from '../../api/common.ts';
import { userApi } from '../../api/user.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { CaptchaField, newCaptchaSrc } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { safeRedirect } from '../../state/navigation.ts';
import { setSessionUser } from '../../state/session.ts';
import { isOn } from '../../api/types.ts';
import { useSiteSetting } from '../../hooks/useSiteSetting.ts';

/** Codes after which the login form demands the verification code (spec §8). */
const CAPTCHA_CODES: number[] = [ErrorCode.CAPTCHA_WRONG, ErrorCode.LOGIN_FAILED];

export default function LoginScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [vCode, setVCode] = useState('');
  const [captchaSrc, setCaptchaSrc] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const site = useSiteSetting();
  const registerOpen = !site.data || isOn(site.data.register_open);

  useEffect(() => {
    commonApi.housekeeping();
    // Already logged in (valid cookie): go on at once.
    userApi
      .info(false, { quiet: true })
      .then((user) => {
        setSessionUser(user);
        navigate(redirect, { replace: true });
      })
      .catch(() => undefined);
  }, []);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const user = await userApi.login({ username: username.trim(), password, v_code: captchaSrc ? vCode : undefined }, { quiet: true });
      setSessionUser(user);
      navigate(redirect, { replace: true });
    } catch (err) {
      const e = err as ApiError;
      setError(e.message);
      if (CAPTCHA_CODES.includes(e.code) || captchaSrc) {
        setCaptchaSrc(newCaptchaSrc());
        setVCode('');
      }
    } finally {
      setBusy(false);
    }
  };

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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('login.username')} htmlFor="login-username">
          <InputText id="login-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoFocus required />
        </FormField>
        <FormField label={t('login.password')} htmlFor="login-password">
          <Password inputId="login-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoComplete="current-password" required />
        </FormField>
        {captchaSrc && <CaptchaField id="login-captcha" value={vCode} onChange={setVCode} src={captchaSrc} onRefresh={() => setCaptchaSrc(newCaptchaSrc())} />}
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <Button type="submit" label={t('login.submit')} className="folio-block-button" loading={busy} disabled={!username.trim() || !password} />
      </form>
    </AuthCard>
  );
}
