/**
 * Lets non-React code (the API client) navigate through the one router. The shell registers the
 * router's navigate at start-up; before that, a full page load is the fallback.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to) => window.location.assign(to);

export function registerNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/** The current in-app location, as a redirect target. */
export function currentLocation(): string {
  return window.location.pathname + window.location.search;
}

/** Only same-site paths are followed as redirect targets (no open redirects). */
export function safeRedirect(target: string | null | undefined, fallback = '/item/index'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
