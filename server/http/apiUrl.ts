import type { Context, Next } from 'koa';
import { errors } from '../../core/errors.ts';

/**
 * The one URL normaliser in front of the router. ShowDoc's clients reach an action as
 *   /api/<controller>/<action>[/k/v…]
 *   /server/api/<controller>/<action>[/k/v…]
 *   /server/index.php?s=/api/<controller>/<action>   (also /server/?s=…, s=Api/Item/info)
 * with controller and action in any case and with or without underscores (`page_comment`,
 * `PageComment`). This middleware rewrites all of them to `/api/<controller>/<action>` in lower
 * case without underscores — the form the router registers — and moves the trailing `/key/value`
 * pairs to `ctx.state.pathPairs` (they take precedence over body and query, see params.ts).
 * ShowDoc's mock URLs (`/server/mock-data/<key>`, `?s=mock-path/<item>`) become `/mock-data/<key>`
 * and `/mock-path/<item>` for mockServe.ts. Other paths pass untouched; an API path without
 * controller and action is 10404.
 */
export function apiUrl() {
  return async function normaliseApiUrl(ctx: Context, next: Next) {
    const rest = apiRest(ctx.path, ctx.query as Record<string, unknown>);
    if (rest === null) return next();
    // A /server/… URL is never a page of the web app: what nothing answers is 10404.
    ctx.state.isApi = true;
    if (MOCK.test(rest)) {
      ctx.path = `/${rest}`;
      return next();
    }
    let segments: string[];
    try {
      segments = rest
        .split('/')
        .filter(Boolean)
        .map((s) => decodeURIComponent(s));
    } catch {
      throw errors.unknownRoute();
    }
    if (segments.length < 3 || segments[0]!.toLowerCase() !== 'api') throw errors.unknownRoute();
    const [, controller, action, ...pairs] = segments;
    const pathPairs: Record<string, string> = {};
    for (let i = 0; i + 1 < pairs.length; i += 2) pathPairs[pairs[i]!] = pairs[i + 1]!;
    ctx.state.pathPairs = pathPairs;
    ctx.path = actionPath(`${controller}/${action}`);
    return next();
  };
}

/** `controller/action` (as the route table names it) → the path the router registers it under. */
export function actionPath(name: string): string {
  const [controller = '', action = ''] = name.split('/');
  return `/api/${encodeURIComponent(normaliseName(controller))}/${encodeURIComponent(normaliseName(action))}`;
}

/** `page_comment`, `PageComment` and `pageComment` all name the same controller. */
function normaliseName(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}

/** Mock answers, served outside the API envelope (mockServe.ts). */
const MOCK = /^mock-(?:data|path)\//;

/** What follows the prefix (`api/c/a/…`, `mock-data/…`), or null when the request is neither API nor ShowDoc mock. */
function apiRest(path: string, query: Record<string, unknown>): string | null {
  if (path === '/server/index.php' || path === '/server/' || path === '/server') {
    const s = typeof query.s === 'string' ? query.s : Array.isArray(query.s) ? String(query.s[0]) : '';
    return s.replace(/^\/+/, '');
  }
  if (path.startsWith('/server/mock-')) return MOCK.test(path.slice('/server/'.length)) ? path.slice('/server/'.length) : null;
  if (path.startsWith('/server/api/')) return path.slice('/server/'.length);
  if (path.startsWith('/api/')) return path.slice(1);
  return null;
}
