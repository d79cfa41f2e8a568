import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.tsx';

/** Verification code input with its image; clicking the image (or `src` changing) loads a new one. State: `useCaptcha`. */
export function CaptchaField({
  id,
  value,
  onChange,
  src,
  onRefresh,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  src: string;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField label={t('captcha')} htmlFor={id}>
      <div className="folio-captcha">
        <InputText id={id} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" maxLength={8} />
        <button type="button" className="folio-captcha-image" onClick={onRefresh} aria-label={t('captchaRefresh')} title={t('captchaRefresh')}>
          <img src={src} alt={t('captchaImage')} width={120} height={40} />
        </button>
      </div>
    </FormField>
  );
}
