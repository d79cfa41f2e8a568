/**
 * Live co-editing (issue #22): names shared by the server, the web app and the tests.
 * The socket lives on Folio's own HTTP port at LIVE_PATH; every document is named after the page.
 */
export const LIVE_PATH = '/live';

export type LiveMode = 'edit' | 'view';
export type LiveDocKind = 'page' | 'sheet';

/** The Yjs document of a Markdown page; its text is `ydoc.getText(LIVE_TEXT)`. */
export const LIVE_TEXT = 'markdown';

export const pageDocName = (pageId: number): string => `page.${pageId}`;
export const sheetDocName = (pageId: number): string => `sheet.${pageId}`;

/** `page.12` → { kind: 'page', pageId: 12 }; anything else → null. */
export function parseDocName(name: string): { kind: LiveDocKind; pageId: number } | null {
  const m = /^(page|sheet)\.([1-9]\d{0,15})$/.exec(name);
  if (!m) return null;
  const pageId = Number(m[2]);
  return Number.isSafeInteger(pageId) ? { kind: m[1] as LiveDocKind, pageId } : null;
}

/** `POST /api/live/token`'s answer. `live: false`: the item's switch is off, use the lock editor. */
export interface LiveTokenAnswer {
  live: boolean;
  token: string;
  doc: string;
  mode: LiveMode;
  user: { uid: number; name: string; color: string };
  ws_path: string;
  /** Another user's explicit lock on the page: the connection stays read-only until it goes. */
  locked_by: { uid: number; username: string; name: string; lock_to: number } | null;
}

/**
 * Stateless messages the server sends on a connection (JSON) when its rights change while it is
 * open: `mode` says whether edits are applied now, `reason` why ('lock', 'rights', 'archived').
 */
export interface LiveModeNotice {
  type: 'folio:mode';
  mode: LiveMode;
  reason: 'lock' | 'rights' | 'archived' | 'restored';
  locked_by?: { uid: number; username: string } | null;
}

/**
 * Why the server closed a connection to a document (the reason of Hocuspocus's close message;
 * the provider's `close` event carries it).
 */
export const LIVE_CLOSE = {
  /** The caller may no longer read the page (member removed, item deleted…): do not reconnect with this token. */
  forbidden: 'folio:forbidden',
  /** The item's live switch was turned off: reload and use the lock editor. */
  liveOff: 'folio:live-off',
} as const;

/** WebSocket close code of a server shutting down: reconnect (another worker, or after the restart). */
export const LIVE_SHUTDOWN_CODE = 4503;

/** A participant's colour, stable per user (anonymous readers share one grey). */
export function liveColor(uid: number): string {
  if (!uid) return '#8a8f98';
  const palette = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#008080', '#c2185b', '#9a6324', '#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00'];
  return palette[(Math.imul(uid, 2654435761) >>> 0) % palette.length]!;
}
