import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { call } from '../../api/client.ts';

/**
 * Opened from the verification mail (`?token=`). Opening it changes nothing (a mail scanner may
 * fetch the link): the address is verified only when the person presses the button (a POST).
 */
export default function VerifyEmailScene() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [verified, setVerified] = useState<{ username: string; email: string } | null>(null);
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      setVerified(await call('user/verifyEmail', { token }, { quiet: true }));
    },
    { inline: true },
  );

  return (
    <AuthCard title={t('verifyEmail.title')}>
      {!token ? (
        <Message severity="warn" text={t('verifyEmail.badLink')} />
      ) : verified ? (
        <>
          <Message severity="success" text={t('verifyEmail.done', verified)} />
          <p>
            <Link to="/user/setting">{t('verifyEmail.toSettings')}</Link>
          </p>
        </>
      ) : (
        <AuthForm onSubmit={onSubmit} error={error} busy={busy} submitLabel={t('verifyEmail.submit')} canSubmit>
          <p className="folio-muted">{t('verifyEmail.explain')}</p>
        </AuthForm>
      )}
    </AuthCard>
  );
}
