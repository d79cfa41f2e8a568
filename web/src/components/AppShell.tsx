import { ConfirmDialog } from 'primereact/confirmdialog';
import { Outlet } from 'react-router-dom';
import { GlobalToast } from './GlobalToast.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';

/** Wraps every screen: the global toast (spec §8 messages), confirm dialogs and the loading overlay. */
export function AppShell() {
  return (
    <>
      <Outlet />
      <GlobalToast />
      <ConfirmDialog />
      <LoadingOverlay />
    </>
  );
}
