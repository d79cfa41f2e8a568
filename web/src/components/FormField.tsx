import type { ReactNode } from 'react';

/** A labelled form row; `htmlFor` ties the label to the input so it gets an accessible name. */
export function FormField({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor?: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="folio-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && <small className="folio-muted">{hint}</small>}
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
