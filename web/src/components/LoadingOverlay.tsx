import { ProgressSpinner } from 'primereact/progressspinner';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../state/loading.ts';

/** Full-screen overlay while an `openLoading()` is open (each closes itself after 20 s). */
export function LoadingOverlay() {
  const open = useSyncExternalStore(loadingStore.subscribe, loadingStore.get) > 0;
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div className="folio-loading-overlay" role="status" aria-live="polite" aria-label={t('loading')}>
      <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" />
    </div>
  );
}
