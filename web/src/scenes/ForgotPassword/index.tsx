import { MAX } from '@core/limits';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { CaptchaField } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useCaptcha } from '../../hooks/useCaptcha.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { userResetPasswordEmail } from '@core/api/user';
import { call } from '../../api/client.ts';

export default function ForgotPasswordScene() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const captcha = useCaptcha({ shown: true });
  const form = useFieldProblems(userResetPasswordEmail.input);
  const values = () => ({ email: email.trim(), v_code: captcha.value ?? '' });
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      await call('user/resetPasswordEmail', values(), { quiet: true });
      setSent(true);
    },
    { validate: () => form.check(values()), inline: true, onError: captcha.afterError },
  );

  return (
    <AuthCard title={t('forgot.title')} footer={<Link to="/user/login">{t('forgot.backToLogin')}</Link>}>
      {sent ? (
        <Message severity="success" text={t('forgot.sent')} />
      ) : (
        <AuthForm onSubmit={onSubmit} error={error} busy={busy} submitLabel={t('forgot.submit')} canSubmit={!!email.trim() && !!captcha.value}>
          <FormField label={t('forgot.email')} htmlFor="forgot-email" error={form.problems.email}>
            <InputText
              id="forgot-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={MAX.email}
              autoComplete="email"
              autoFocus
              required
            />
          </FormField>
          {captcha.field && <CaptchaField id="forgot-captcha" {...captcha.field} />}
        </AuthForm>
      )}
    </AuthCard>
  );
}
