import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { FormEvent, ReactNode } from 'react';

/**
 * The form of a login-style screen: its fields, the message of the last failed try (the calls
 * are quiet, so it is shown here rather than as a toast) and one full-width submit button.
 */
export function AuthForm({
  onSubmit,
  error,
  busy,
  submitLabel,
  canSubmit,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  error: string;
  busy: boolean;
  submitLabel: string;
  canSubmit: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit}>
      {children}
      {error && <Message severity="error" text={error} className="folio-form-message" />}
      <Button type="submit" label={submitLabel} className="folio-block-button" loading={busy} disabled={!canSubmit} />
    </form>
  );
}
