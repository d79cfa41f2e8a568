import { useSyncExternalStore } from 'react';

/** Layout classes of spec §9: mobile under 1000 px, small PC under 1100 and 1300 px. */
export type Breakpoint = 'mobile' | 'smallPc' | 'mediumPc' | 'pc';
const MOBILE_MAX = 1000;
const SMALL_PC_MAX = 1100;
const MEDIUM_PC_MAX = 1300;

function breakpointOf(width: number): Breakpoint {
  if (width < MOBILE_MAX) return 'mobile';
  if (width < SMALL_PC_MAX) return 'smallPc';
  if (width < MEDIUM_PC_MAX) return 'mediumPc';
  return 'pc';
}

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, () => breakpointOf(window.innerWidth));
}
