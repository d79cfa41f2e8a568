import { HTTP_TIMEOUT_MS } from '@core/limits';
import { createStore } from './emitter.ts';

/**
 * The full-screen loading overlay. Each `openLoading()` returns its own close function; the overlay
 * shows while any is open, and each closes by itself after 20 s (spec §9) so a lost answer never
 * leaves the screen blocked.
 */
export const loadingStore = createStore(0);

export function openLoading(): () => void {
  let open = true;
  loadingStore.set(loadingStore.get() + 1);
  const close = () => {
    if (!open) return;
    open = false;
    clearTimeout(timer);
    loadingStore.set(Math.max(0, loadingStore.get() - 1));
  };
  const timer = setTimeout(close, HTTP_TIMEOUT_MS);
  return close;
}
