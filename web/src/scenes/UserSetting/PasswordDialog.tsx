import { MAX, MIN_PASSWORD_LENGTH } from '@core/limits';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user.ts';
import { FormField } from '../../components/FormField.tsx';
import { notify } from '../../state/notify.ts';

/** Change the login password: the current one, then the new one twice. */
export function PasswordDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation('settings');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setCurrent('');
    setNext('');
    setAgain('');
    setError('');
    onHide();
  };
  const submit = async () => {
    if (next.length < MIN_PASSWORD_LENGTH) return setError(t('common:errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
    if (next !== again) return setError(t('auth:register.mismatch'));
    setBusy(true);
    setError('');
    try {
      await userApi.resetPassword({ password: current, new_password: next }, { quiet: true });
      notify('success', t('user.passwordChanged'));
      close();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={t('user.changePassword')} visible={visible} onHide={close} style={{ width: 'min(440px, 94vw)' }} modal>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('user.currentPassword')} htmlFor="pw-current">
          <Password inputId="pw-current" value={current} onChange={(e) => setCurrent(e.target.value)} feedback={false} toggleMask autoComplete="current-password" maxLength={MAX.password} autoFocus />
        </FormField>
        <FormField label={t('user.newPassword')} htmlFor="pw-new">
          <Password inputId="pw-new" value={next} onChange={(e) => setNext(e.target.value)} feedback={false} toggleMask autoComplete="new-password" maxLength={MAX.password} />
        </FormField>
        <FormField label={t('user.newPasswordAgain')} htmlFor="pw-again">
          <Password inputId="pw-again" value={again} onChange={(e) => setAgain(e.target.value)} feedback={false} toggleMask autoComplete="new-password" maxLength={MAX.password} />
        </FormField>
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <div className="folio-dialog-actions">
          <Button type="button" label={t('common:actions.cancel')} text onClick={close} />
          <Button type="submit" label={t('common:actions.save')} loading={busy} disabled={!current || !next || !again} />
        </div>
      </form>
    </Dialog>
  );
}
