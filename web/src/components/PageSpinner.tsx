import { ProgressSpinner } from 'primereact/progressspinner';

/** Centered spinner while a scene or its data loads (no text: i18n may not be ready yet). */
export function PageSpinner() {
  return (
    <div className="folio-page-spinner" role="status" aria-busy="true">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
    </div>
  );
}
