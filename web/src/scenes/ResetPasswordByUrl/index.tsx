import { MAX, MIN_PASSWORD_LENGTH } from '@core/limits';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../api/client.ts';
import { userApi } from '../../api/user.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { FormField } from '../../components/FormField.tsx';
import { safeRedirect } from '../../state/navigation.ts';
import { notify } from '../../state/notify.ts';

/** Opened from the reset e-mail: query uid, email, token and optionally redirect. */
export default function ResetPasswordByUrlScene() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const link = { uid: search.get('uid') ?? '', email: search.get('email') ?? '', token: search.get('token') ?? '' };
  const complete = Boolean(link.uid && link.email && link.token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password.length < MIN_PASSWORD_LENGTH) return setError(t('common:errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
    setBusy(true);
    setError('');
    try {
      await userApi.resetPasswordByUrl({ new_password: password, ...link }, { quiet: true });
      notify('success', t('resetByUrl.done'));
      const after = safeRedirect(search.get('redirect'), '');
      navigate(after ? `/user/login?redirect=${encodeURIComponent(after)}` : '/user/login', { replace: true });
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('resetByUrl.title')}>
      {!complete ? (
        <Message severity="warn" text={t('resetByUrl.badLink')} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="folio-muted">{link.email}</p>
          <FormField label={t('resetByUrl.newPassword')} htmlFor="reset-new-password">
            <Password inputId="reset-new-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoComplete="new-password" maxLength={MAX.password} autoFocus />
          </FormField>
          {error && <Message severity="error" text={error} className="folio-form-message" />}
          <Button type="submit" label={t('resetByUrl.submit')} className="folio-block-button" loading={busy} disabled={!password} />
        </form>
      )}
    </AuthCard>
  );
}
