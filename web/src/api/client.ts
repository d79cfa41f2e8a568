import type { ActionName, Input, Output } from '@core/api/index';
import { ErrorCode } from '@core/errors';
import { HTTP_TIMEOUT_MS } from '@core/limits';
import i18n from '../i18n/index.ts';
import { humaniseMessage } from '../lib/errorText.ts';
import { fieldLabel } from '../lib/fieldLabel.ts';
import { openLoading } from '../state/loading.ts';
import { currentLocation, navigateTo } from '../state/navigation.ts';
import { notifyError } from '../state/notify.ts';
import { setSessionUser } from '../state/session.ts';

/**
 * The one API client: form-encoded POST (or, for cacheable reads, GET) to `/api/<controller>/<action>`, answers
 * `{error_code, error_message, data}`, and the client reactions of spec §8 in one place.
 */

/**
 * Headers of every call to Folio's API: the UI language for server messages, and the CSRF header
 * the server requires of cookie-authenticated writes (forms and images on other pages cannot send
 * it; docs/http-api.md "Request forgery").
 */
export function apiHeaders(): Record<string, string> {
  return { 'Accept-Language': i18n.language || 'en', 'X-Folio-CSRF': '1' };
}
type Params = Record<string, unknown>;

export interface CallOptions {
  /** Error codes the caller handles itself: no toast (redirect reactions still apply). */
  handles?: number[];
  /** No toast for any error (the caller shows it inline). */
  quiet?: boolean;
  /** Show the loading overlay while the call is in flight. */
  loading?: boolean;
  /** A background call (the live connection's token): never navigates away (login, password screens). */
  background?: boolean;
}

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

interface Envelope<T> {
  error_code: number;
  error_message?: string;
  data: T;
}

function encodeForm(params: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** How a call travels: a form POST, or a GET whose parameters are in the query. */
type Request = { method: 'POST'; body: BodyInit } | { method: 'GET'; query: URLSearchParams };

async function send<T>(name: string, request: Request, params: Params, opts: CallOptions): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  const closeLoading = opts.loading ? openLoading() : () => undefined;
  let answer: Envelope<T>;
  try {
    const res =
      request.method === 'POST'
        ? await fetch(`/api/${name}`, { method: 'POST', body: request.body, credentials: 'same-origin', headers: apiHeaders(), signal: controller.signal })
        : // `no-cache`: the browser keeps the answer but always revalidates it with its ETag
          // (If-None-Match), so an unchanged answer comes back as a bodiless 304.
          await fetch(`/api/${name}?${request.query}`, {
            method: 'GET',
            cache: 'no-cache',
            credentials: 'same-origin',
            headers: apiHeaders(),
            signal: controller.signal,
          });
    answer = (await res.json()) as Envelope<T>;
  } catch (err) {
    const message = controller.signal.aborted ? i18n.t('common:errors.timeout') : i18n.t('common:errors.network');
    if (!opts.quiet) notifyError(message);
    throw new ApiError(-1, message, err);
  } finally {
    clearTimeout(timer);
    closeLoading();
  }
  const code = Number(answer.error_code);
  if (code === ErrorCode.OK) return answer.data;
  const message = answer.error_message ? humaniseMessage(answer.error_message, fieldLabel) : i18n.t('common:errors.failed');
  const navigated = !opts.background && react(code, params, answer.data);
  if (!navigated && !opts.quiet && !opts.handles?.includes(code)) notifyError(message);
  throw new ApiError(code, message, answer.data);
}

/**
 * The navigation reactions of spec §8 (and 10313, Folio's "no right in this item"); true when the
 * answer was handled by navigating away and needs no message.
 */
function react(code: number, params: Params, data: unknown): boolean {
  const here = currentLocation();
  if (code === ErrorCode.NOT_LOGGED_IN || code === ErrorCode.LOGIN_REQUIRED_SITE) {
    const suppressed = params.redirect_login === false || params.redirect_login === 'false';
    if (suppressed && code === ErrorCode.NOT_LOGGED_IN) return false;
    setSessionUser(null);
    if (!here.startsWith('/user/login')) navigateTo(`/user/login?redirect=${encodeURIComponent(here)}`);
    return true;
  }
  if (code === ErrorCode.NEED_ITEM_PASSWORD || code === ErrorCode.NEED_ITEM_PASSWORD_ALT) {
    const fromData = (data && typeof data === 'object' ? (data as Record<string, unknown>) : {}) as Record<string, unknown>;
    const itemId = params.item_id ?? fromData.item_id;
    if (!itemId || here.startsWith('/item/password/')) return false;
    const query = new URLSearchParams();
    const pageId = params.page_id ?? fromData.page_id;
    if (pageId) query.set('page_id', String(pageId));
    query.set('redirect', here);
    navigateTo(`/item/password/${encodeURIComponent(String(itemId))}?${query}`);
    return true;
  }
  if (code === ErrorCode.NO_ITEM_PERMISSION) {
    // The caller may visit the item but not do this: a password would not help. The message is
    // shown (the caller's toast); a screen that exists only for that right goes back to the item.
    const itemId = params.item_id;
    if (itemId && MANAGE_SCREENS.some((prefix) => here.startsWith(prefix))) navigateTo(`/${encodeURIComponent(String(itemId))}`);
  }
  return false;
}

/** Screens that only a caller with manage rights can use: a 10313 there leaves for the item. */
const MANAGE_SCREENS = ['/item/setting/'];

/**
 * Form-encoded POST to `/api/<name>`, typed by the action's contract (`core/api/`): the input it
 * takes and the `data` it answers; rejects with an `ApiError`.
 */
export function call<N extends ActionName>(name: N, input: Input<N>, opts: CallOptions = {}): Promise<Output<N>> {
  return send<Output<N>>(name, { method: 'POST', body: encodeForm(input) }, input as Params, opts);
}

/**
 * A read by GET (only for actions that change nothing): answers the server keeps ready with an
 * ETag (item/info) come back from the browser's cache after a 304 when they have not changed.
 */
export function read<N extends ActionName>(name: N, input: Input<N>, opts: CallOptions = {}): Promise<Output<N>> {
  return send<Output<N>>(name, { method: 'GET', query: encodeForm(input) }, input as Params, opts);
}

/** Multipart POST (file uploads) with the same reactions. */
export function upload<N extends ActionName>(name: N, fields: Input<N>, files: Record<string, Blob | File>, opts: CallOptions = {}): Promise<Output<N>> {
  return send<Output<N>>(name, { method: 'POST', body: multipart(fields, files) }, fields as Params, opts);
}

function multipart(fields: object, files: Record<string, Blob | File>): FormData {
  const form = new FormData();
  for (const [key, value] of encodeForm(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  return form;
}

/** Fire-and-forget POST that must never bother the user (scheduled-task and DB-update pings). */
export function pingQuietly(path: string): void {
  fetch(path, { method: 'POST', credentials: 'same-origin', headers: apiHeaders() }).catch(() => undefined);
}

/** A URL on the API (captcha images, export downloads), with query parameters. */
export function apiUrl(name: string, query: object = {}): string {
  const qs = encodeForm(query).toString();
  return `/api/${name}${qs ? `?${qs}` : ''}`;
}
