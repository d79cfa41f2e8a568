import { MAX } from '@core/limits';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user.ts';
import { FormField } from '../../components/FormField.tsx';
import { notify } from '../../state/notify.ts';

/** Bind or change the e-mail address; the current login password confirms it. */
export function EmailDialog({ visible, current, onHide, onSaved }: { visible: boolean; current: string; onHide: () => void; onSaved: (email: string) => void }) {
  const { t } = useTranslation('settings');
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError('');
    onHide();
  };
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await userApi.updateEmail({ email: email.trim(), password }, { quiet: true });
      notify('success', t('user.emailSaved'));
      onSaved(email.trim());
      close();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={current ? t('user.changeEmail') : t('user.bindEmail')} visible={visible} onHide={close} style={{ width: 'min(440px, 94vw)' }} modal>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('user.email')} htmlFor="email-new">
          <InputText id="email-new" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={MAX.email} autoComplete="email" autoFocus />
        </FormField>
        <FormField label={t('user.currentPassword')} htmlFor="email-password">
          <Password inputId="email-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoComplete="current-password" maxLength={MAX.password} />
        </FormField>
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <div className="folio-dialog-actions">
          <Button type="button" label={t('common:actions.cancel')} text onClick={close} />
          <Button type="submit" label={t('common:actions.save')} loading={busy} disabled={!email.trim() || !password} />
        </div>
      </form>
    </Dialog>
  );
}
