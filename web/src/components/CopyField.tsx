import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { notify } from '../state/notify.ts';

/** A read-only value with a copy button (API keys, links). */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('success', t('copied'));
    } catch {
      notify('warn', t('copyFailed'));
    }
  };
  return (
    <div className="folio-field">
      <label htmlFor={id}>{label}</label>
      <div className="p-inputgroup">
        <InputText id={id} value={value} readOnly onFocus={(e) => e.target.select()} />
        <Button type="button" icon="pi pi-copy" aria-label={`${t('actions.copy')} ${label}`} onClick={() => void copy()} />
      </div>
    </div>
  );
}
