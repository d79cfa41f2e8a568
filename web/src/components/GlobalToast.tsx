import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { noticeStore } from '../state/notify.ts';

const LIFE = { success: 2500, info: 4000, warn: 5000, error: 6000 } as const;

/** Shows what `notify()` pushes (API errors, confirmations) as PrimeReact toasts. */
export function GlobalToast() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      noticeStore.subscribe(() => {
        const n = noticeStore.get();
        if (n) toast.current?.show({ severity: n.severity, detail: n.text, life: n.life ?? LIFE[n.severity] });
      }),
    [],
  );
  // At the bottom: at the top a toast covered the headers where Save, Back and the op bar live.
  return <Toast ref={toast} position="bottom-center" />;
}
