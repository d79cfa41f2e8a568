import { MIN_PASSWORD_LENGTH, MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../api/client.ts';
import { isOn } from '../../api/types.ts';
import { userApi } from '../../api/user.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { CaptchaField, newCaptchaSrc } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useSiteSetting } from '../../hooks/useSiteSetting.ts';
import { notify } from '../../state/notify.ts';
import { setSessionUser } from '../../state/session.ts';

export default function RegisterScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const site = useSiteSetting();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [vCode, setVCode] = useState('');
  const [captchaSrc, setCaptchaSrc] = useState(newCaptchaSrc);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const validate = (): string => {
    if (password.length < MIN_PASSWORD_LENGTH) return t('common:errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
    if (password !== confirm) return t('register.mismatch');
    return '';
  };

  const submit = async () => {
    const problem = validate();
    setError(problem);
    if (problem || busy) return;
    setBusy(true);
    try {
      const user = await userApi.register({ username: username.trim(), password, confirm_password: confirm, v_code: vCode }, { quiet: true });
      setSessionUser(user);
      notify('success', t('register.done'));
      navigate('/item/index', { replace: true });
    } catch (err) {
      // A failed registration always costs the code (single use): show a new image.
      setError((err as ApiError).message);
      setCaptchaSrc(newCaptchaSrc());
      setVCode('');
    } finally {
      setBusy(false);
    }
  };

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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('register.username')} htmlFor="register-username">
          <InputText id="register-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" maxLength={MAX.username} autoFocus required />
        </FormField>
        <FormField label={t('register.password')} htmlFor="register-password">
          <Password inputId="register-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoComplete="new-password" maxLength={MAX.password} required />
        </FormField>
        <FormField label={t('register.confirmPassword')} htmlFor="register-confirm">
          <Password inputId="register-confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} feedback={false} toggleMask autoComplete="new-password" maxLength={MAX.password} required />
        </FormField>
        <CaptchaField id="register-captcha" value={vCode} onChange={setVCode} src={captchaSrc} onRefresh={() => setCaptchaSrc(newCaptchaSrc())} />
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <Button type="submit" label={t('register.submit')} className="folio-block-button" loading={busy} disabled={!username.trim() || !password || !confirm || !vCode} />
      </form>
    </AuthCard>
  );
}
