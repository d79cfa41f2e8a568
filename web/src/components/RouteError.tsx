import { Button } from 'primereact/button';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Shown when a scene fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main className="folio-centered-card">
      <h1>{t('errors.failed')}</h1>
      {detail && <p className="folio-muted">{detail}</p>}
      <Button label={t('actions.refresh')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </main>
  );
}
