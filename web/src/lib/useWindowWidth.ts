import { useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

/** The viewport width, re-rendering on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth);
}

/** Spec §9: menu 300 px at 1600 px and wider, otherwise 250 px. */
export const menuWidthFor = (width: number) => (width >= 1600 ? 300 : 250);
