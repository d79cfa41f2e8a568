/**
 * Sends the tool's request with the browser's fetch: straight to the API's host (CORS applies;
 * there is deliberately no server-side proxy), without the reader's cookies (`credentials: omit`),
 * and measures the time to the full body.
 */
import { looksJson, prettyJson } from '@core/apiDoc';
import type { NameValue } from '@core/apiRequest';

export interface HttpResult {
  status: number;
  statusText: string;
  headers: NameValue[];
  /** Milliseconds from sending to the last byte of the body. */
  timeMs: number;
  sizeBytes: number;
  /** Pretty-printed JSON, or the body as text. */
  body: string;
  isJson: boolean;
}

export interface HttpRequest {
  method: string;
  url: string;
  headers: NameValue[];
  body: string;
}

const NO_BODY = ['GET', 'HEAD'];

export async function sendRequest(req: HttpRequest, signal?: AbortSignal): Promise<HttpResult> {
  const headers = new Headers();
  for (const h of req.headers) if (h.name.trim()) headers.append(h.name.trim(), h.value);
  const body = NO_BODY.includes(req.method) || !req.body ? undefined : req.body;
  const started = performance.now();
  const res = await fetch(req.url, { method: req.method, headers, body, credentials: 'omit', mode: 'cors', redirect: 'follow', signal });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const timeMs = Math.round(performance.now() - started);
  const text = new TextDecoder().decode(bytes);
  const isJson = looksJson(text);
  const pretty = isJson ? prettyJson(text) : text;
  return {
    status: res.status,
    statusText: res.statusText,
    headers: [...res.headers.entries()].map(([name, value]) => ({ name, value })),
    timeMs,
    sizeBytes: bytes.length,
    body: pretty,
    isJson,
  };
}

/** `Name: value` lines ⇄ rows, the headers' editing form. */
export function headersFromText(text: string): NameValue[] {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const at = line.indexOf(':');
      return at > 0 ? { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() } : null;
    })
    .filter((h): h is NameValue => !!h && !!h.name);
}

export const headersToText = (rows: NameValue[]) => rows.map((h) => `${h.name}: ${h.value}`).join('\n');

/**
 * The editable request a page's draft starts as: form fields become a urlencoded body, and a
 * body gets its Content-Type header when the page named none.
 */
export function initialRequest(draft: { method: string; url: string; headers: NameValue[]; form: NameValue[]; body: string }): HttpRequest {
  const headers = [...draft.headers];
  const hasType = headers.some((h) => h.name.toLowerCase() === 'content-type');
  let body = draft.body;
  if (!body && draft.form.length) {
    body = draft.form.map((f) => `${encodeURIComponent(f.name)}=${encodeURIComponent(f.value)}`).join('&');
    if (!hasType) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
  } else if (body && !hasType) {
    headers.push({ name: 'Content-Type', value: looksJson(body) ? 'application/json' : 'text/plain' });
  }
  return { method: draft.method, url: draft.url, headers, body };
}
