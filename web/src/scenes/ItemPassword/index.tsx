import { ErrorCode } from '@core/errors';
import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../api/client.ts';
import { itemApi } from '../../api/item.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { CaptchaField, newCaptchaSrc } from '../../components/CaptchaField.tsx';
import { FormField } from '../../components/FormField.tsx';
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
  const [vCode, setVCode] = useState('');
  const [captchaSrc, setCaptchaSrc] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await itemApi.pwd({ item_id: itemId, page_id: pageId, password, v_code: captchaSrc ? vCode : undefined }, { quiet: true });
      const fallback = pageId ? `${itemPath({ item_id: itemId })}?page_id=${encodeURIComponent(pageId)}` : itemPath({ item_id: itemId });
      navigate(safeRedirect(search.get('redirect'), fallback), { replace: true });
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
    <AuthCard title={t('password.title')}>
      <p className="folio-muted">{t('password.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('password.label')} htmlFor="item-password">
          <Password inputId="item-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask maxLength={MAX.password} autoFocus />
        </FormField>
        {captchaSrc && <CaptchaField id="item-password-captcha" value={vCode} onChange={setVCode} src={captchaSrc} onRefresh={() => setCaptchaSrc(newCaptchaSrc())} />}
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <Button type="submit" label={t('password.submit')} className="folio-block-button" loading={busy} disabled={!password} />
      </form>
    </AuthCard>
  );
}
