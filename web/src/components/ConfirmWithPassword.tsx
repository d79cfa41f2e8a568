import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.tsx';

/**
 * Asks for the current login password before a dangerous action (transfer, archive, delete, e-mail
 * change). `onConfirm` gets the password; the dialog stays open when it rejects, so the user can
 * retry (the API client already showed why).
 */
export function ConfirmWithPassword({
  visible,
  title,
  message,
  confirmLabel,
  danger,
  children,
  onConfirm,
  onHide,
}: {
  visible: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  children?: ReactNode;
  onConfirm: (password: string) => Promise<unknown>;
  onHide: () => void;
}) {
  const { t } = useTranslation('items');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    onHide();
  };
  const submit = async () => {
    if (!password || busy) return;
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
    } catch {
      /* shown by the API client; keep the dialog open */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={title} visible={visible} onHide={close} style={{ width: 'min(440px, 94vw)' }} modal>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {message && <p>{message}</p>}
        {children}
        <FormField label={t('confirm.loginPassword')} htmlFor="confirm-login-password">
          <Password inputId="confirm-login-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoFocus />
        </FormField>
        <div className="folio-dialog-actions">
          <Button type="button" label={t('common:actions.cancel')} text onClick={close} />
          <Button
            type="submit"
            label={confirmLabel ?? t('common:actions.confirm')}
            severity={danger ? 'danger' : undefined}
            loading={busy}
            disabled={!password}
          />
        </div>
      </form>
    </Dialog>
  );
}
