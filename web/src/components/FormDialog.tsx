import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal dialog holding one form: its fields, the message of the last failed try, then Cancel
 * and Save. `onHide` (Cancel, ×, Escape) is where the caller forgets what was typed.
 */
export function FormDialog({
  header,
  visible,
  onHide,
  onSubmit,
  error,
  busy,
  canSubmit,
  children,
}: {
  header: string;
  visible: boolean;
  onHide: () => void;
  onSubmit: (e: FormEvent) => void;
  error: string;
  busy: boolean;
  canSubmit: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width: 'min(440px, 94vw)' }} modal>
      <form onSubmit={onSubmit}>
        {children}
        {error && <Message severity="error" text={error} className="folio-form-message" />}
        <div className="folio-dialog-actions">
          <Button type="button" label={t('common:actions.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('common:actions.save')} loading={busy} disabled={!canSubmit} />
        </div>
      </form>
    </Dialog>
  );
}
