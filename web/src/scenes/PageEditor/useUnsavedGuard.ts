import { useEffect, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { askConfirm } from '../../lib/confirm.ts';

/**
 * Unsaved work: the browser's prompt on unload, ours on in-app navigation. The guard reads
 * `dirtyRef`, set from `dirty` at every render, so a save can clear it before it navigates away.
 */
export function useUnsavedGuard(dirtyRef: MutableRefObject<boolean>, dirty: boolean): void {
  const { t } = useTranslation('editor');
  dirtyRef.current = dirty;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirtyRef]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askConfirm(t('leaveConfirm')).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);
}
