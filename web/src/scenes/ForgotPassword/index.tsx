import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../api/client.ts';
import { userApi } from '../../api/user.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { CaptchaField, newCaptchaSrc } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';

export default function ForgotPasswordScene() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [vCode, setVCode] = useState('');
  const [captchaSrc, setCaptchaSrc] = useState(newCaptchaSrc);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await userApi.resetPasswordEmail({ email: email.trim(), v_code: vCode }, { quiet: true });
      setSent(true);
    } catch (err) {
      setError((err as ApiError).message);
      setCaptchaSrc(newCaptchaSrc());
      setVCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} footer={<Link to="/user/login">{t('forgot.backToLogin')}</Link>}>
      {sent ? (
        <Message severity="success" text={t('forgot.sent')} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField label={t('forgot.email')} htmlFor="forgot-email">
            <InputText id="forgot-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={MAX.email} autoComplete="email" autoFocus required />
          </FormField>
          <CaptchaField id="forgot-captcha" value={vCode} onChange={setVCode} src={captchaSrc} onRefresh={() => setCaptchaSrc(newCaptchaSrc())} />
          {error && <Message severity="error" text={error} className="folio-form-message" />}
          <Button type="submit" label={t('forgot.submit')} className="folio-block-button" loading={busy} disabled={!email.trim() || !vCode} />
        </form>
      )}
    </AuthCard>
  );
}
