import { ErrorCode } from '@core/errors';
import { MAX } from '@core/limits';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { AuthForm } from '../../components/AuthForm.tsx';
import { CaptchaField } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useCaptcha } from '../../hooks/useCaptcha.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { itemPath } from '../../state/links.ts';
import { safeRedirect } from '../../state/navigation.ts';

/** Codes after which the item password form demands the verification code (spec §8). */
const CAPTCHA_CODES: number[] = [ErrorCode.CAPTCHA_WRONG, ErrorCode.ITEM_PASSWORD_CAPTCHA];

/** `/item/password/:itemId?page_id=&redirect=`: the visit password of a private item. */
export default function ItemPasswordScene() {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const { itemId = '' } = useParams();
  const [search] = useSearchParams();
  const pageId = search.get('page_id') ?? undefined;
  const [password, setPassword] = useState('');
  const captcha = useCaptcha({ demandOn: CAPTCHA_CODES });
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      await call('item/pwd', { item_id: itemId, page_id: pageId, password, v_code: captcha.value }, { quiet: true });
      const fallback = pageId ? `${itemPath({ item_id: itemId })}?page_id=${encodeURIComponent(pageId)}` : itemPath({ item_id: itemId });
      navigate(safeRedirect(search.get('redirect'), fallback), { replace: true });
    },
    { inline: true, onError: captcha.afterError },
  );

  return (
    <AuthCard title={t('password.title')}>
      <p className="folio-muted">{t('password.intro')}</p>
      <AuthForm onSubmit={onSubmit} error={error} busy={busy} submitLabel={t('password.submit')} canSubmit={!!password}>
        <FormField label={t('password.label')} htmlFor="item-password">
          <Password
            inputId="item-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            maxLength={MAX.password}
            autoFocus
          />
        </FormField>
        {captcha.field && <CaptchaField id="item-password-captcha" {...captcha.field} />}
      </AuthForm>
    </AuthCard>
  );
}
