import { ConfirmDialog } from 'primereact/confirmdialog';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from './PageSpinner.tsx';
import { GlobalToast } from './GlobalToast.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';

/** Wraps every screen: the global toast (spec §8 messages), confirm dialogs and the loading overlay. */
export function AppShell() {
  return (
    <>
      {/* A component may ask for a translation namespace its route did not preload. */}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <GlobalToast />
      <ConfirmDialog />
      <LoadingOverlay />
    </>
  );
}
