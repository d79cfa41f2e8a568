import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { ApiError, call } from '../api/client.ts';
import { LIVE_CLOSE, LIVE_TEXT, type LiveModeNotice, type LiveTokenAnswer } from '@core/live';
import { guardRemoteColors } from './presence.ts';
/** Tokens expire 60 s after issue: the first one is used only while clearly fresh. */
const TOKEN_REUSE_MS = 40_000;
/** Reconnect attempts back off up to this (the provider's default, 30 s, is long for an editor). */
const MAX_RECONNECT_DELAY_MS = 5_000;

type LiveStatus = 'connecting' | 'connected' | 'disconnected';

export interface LiveSession {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  text: Y.Text;
  /** Who this browser is in the page (name and colour come from the server). */
  user: LiveTokenAnswer['user'];
}

export interface LiveState {
  session: LiveSession;
  /** `view`: a read-only token, the server's read-only scope (a lock held by another) or rights withdrawn. */
  mode: 'edit' | 'view';
  status: LiveStatus;
  /** The first full exchange with the server is done: the text is the page's. */
  synced: boolean;
  /** Local changes the server has not acknowledged yet. */
  unsynced: number;
  /** Why the page became read-only mid-session, when it did. */
  lost: Lost;
  /** Another user's explicit lock, which keeps this connection read-only until it goes. */
  lockedBy: string | null;
}

type Lost = null | 'rights' | 'switchedOff';
/** The server's close or refusal reasons (core/live.ts LIVE_CLOSE) as the editor explains them. */
const LOST_BY_REASON: Record<string, Lost> = { [LIVE_CLOSE.forbidden]: 'rights', [LIVE_CLOSE.liveOff]: 'switchedOff' };

/**
 * `unavailable`: the item edits live but the socket cannot connect (a proxy that refuses WebSocket
 * upgrades, a blocked port): the caller falls back to the classic lock. Decided at the opening, by
 * `fallbackAfterMs` without a sync and at least two failed attempts — a slow server on a loaded
 * machine is not a refusing proxy — or by four times that wait, whatever happened.
 */
const FAILED_ATTEMPTS_FOR_FALLBACK = 2;
const FALLBACK_CEILING_FACTOR = 4;
export type LiveDoc = { kind: 'loading' } | { kind: 'off' } | { kind: 'unavailable' } | ({ kind: 'live' } & LiveState);

/** The display name of the page's lock holder, or null when unknown (the banner keeps the login name then). */
async function holderName(pageId: number): Promise<string | null> {
  try {
    const info = await call('page/isLock', { page_id: pageId }, { quiet: true, background: true });
    return info.lock_name || null;
  } catch {
    return null;
  }
}

/**
 * Keeps an editor's document in IndexedDB (y-indexeddb, the Yjs project's own adapter), so that
 * what was typed while the server could not be reached survives a closed tab or a crashed browser:
 * the next time this user opens the page in this browser, the kept updates are applied to the new
 * document and the provider sends the server whatever it lacks — the CRDT merges them once,
 * however much of them the server already had. The copy is per user and document; it is deleted
 * when the editor is left (or the tab closed) with everything acknowledged by the server, so it
 * outlives the tab only while it holds unsent typing.
 */
function keepInBrowser(first: LiveTokenAnswer, doc: Y.Doc, provider: HocuspocusProvider, synced: () => boolean): { close(): void } {
  const store = new IndexeddbPersistence(`folio-live:${first.user.uid}:${first.doc}`, doc);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    window.removeEventListener('pagehide', finish);
    // Everything acknowledged: nothing to keep. Otherwise — or when the server was never reached
    // (the classic fallback), so that a copy kept from an earlier visit is not lost — it stays.
    if (!synced() || provider.hasUnsyncedChanges) void store.destroy();
    else void store.clearData();
  };
  window.addEventListener('pagehide', finish);
  return { close: finish };
}

/** `ws://host/live` from the ticket's path, on the page's own origin. */
function socketUrl(path: string): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`;
}

/**
 * A page's live document (issue #22): asks `live/token`, and when the item edits live, connects a
 * Hocuspocus provider. Every (re)connection authenticates with a fresh token, whose answer also
 * says whether the caller may still edit; `off` means the classic lock editor (or no live view).
 */
export function useLiveDoc(
  pageId: number,
  opts: { shareKey?: string; enabled?: boolean; kind?: 'page' | 'sheet'; fallbackAfterMs?: number; keepUnsent?: boolean } = {},
): LiveDoc {
  const { shareKey, enabled = true, kind = 'page', fallbackAfterMs, keepUnsent = false } = opts;
  const [state, setState] = useState<LiveDoc>(() => (enabled && pageId > 0 ? { kind: 'loading' } : { kind: 'off' }));

  useEffect(() => {
    if (!enabled || pageId <= 0) {
      setState({ kind: 'off' });
      return;
    }
    setState({ kind: 'loading' });
    let closed = false;
    let close = () => undefined as void;
    const params = { page_id: pageId, ...(shareKey ? { share_key: shareKey } : {}) };
    const ask = () => call('live/token', params, { quiet: true, background: true });

    const open = (first: LiveTokenAnswer) => {
      const doc = new Y.Doc();
      let live: LiveState;
      const update = (patch: Partial<LiveState>) => {
        if (closed) return;
        live = { ...live, ...patch };
        setState({ kind: 'live', ...live });
      };
      let spare: { token: string; at: number } | null = { token: first.token, at: Date.now() };
      const token = async (): Promise<string> => {
        if (spare && Date.now() - spare.at < TOKEN_REUSE_MS) {
          const fresh = spare.token;
          spare = null;
          return fresh;
        }
        spare = null;
        let next: LiveTokenAnswer;
        try {
          next = await ask();
        } catch (err) {
          // An answer from the server (not a network failure): the caller may no longer open the page.
          if (err instanceof ApiError && err.code !== -1) update({ mode: 'view', lost: 'rights' });
          throw err;
        }
        if (!next.live) {
          update({ mode: 'view', lost: 'switchedOff' });
          throw new Error('live editing was turned off for this item');
        }
        update({ lockedBy: next.locked_by ? next.locked_by.name || next.locked_by.username : null });
        return next.token;
      };
      let giveUp: number | undefined;
      let ceiling: number | undefined;
      let failedAttempts = 0;
      let pastWait = false;
      // Never synced: live editing cannot reach this browser; stop trying.
      const fallBack = (force = false) => {
        if (closed || live.synced || (!force && failedAttempts < FAILED_ATTEMPTS_FOR_FALLBACK)) return;
        close();
        setState({ kind: 'unavailable' });
      };
      const socket = new HocuspocusProviderWebsocket({ url: socketUrl(first.ws_path), maxDelay: MAX_RECONNECT_DELAY_MS });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: first.doc,
        document: doc,
        token,
        onStatus: ({ status }) => update({ status: status as LiveStatus }),
        onSynced: ({ state: done }) => {
          if (!done) return;
          window.clearTimeout(giveUp);
          window.clearTimeout(ceiling);
          update({ synced: true });
        },
        onUnsyncedChanges: ({ number }) => update({ unsynced: number }),
        // The server's scope is the truth: read-only while another holds the lock, or for readers.
        onAuthenticated: ({ scope }) => update({ mode: scope === 'readonly' ? 'view' : 'edit', lost: null }),
        onAuthenticationFailed: ({ reason }) => update({ mode: 'view', lost: LOST_BY_REASON[reason] ?? live.lost }),
        // The server closed this document: access withdrawn, or live editing turned off.
        onClose: ({ event }) => {
          failedAttempts += live.synced ? 0 : 1;
          if (pastWait) fallBack();
          const lost = LOST_BY_REASON[event.reason];
          if (lost) update({ mode: 'view', lost });
        },
        // Rights changed while connected (a lock taken or released, a role changed).
        onStateless: ({ payload }) => {
          let notice: LiveModeNotice;
          try {
            notice = JSON.parse(payload) as LiveModeNotice;
          } catch {
            return;
          }
          if (notice.type !== 'folio:mode') return;
          update({
            mode: notice.mode,
            lockedBy: notice.locked_by?.username ?? null,
            lost: notice.reason === 'rights' || notice.reason === 'archived' ? 'rights' : null,
          });
          // The notice names the holder by login name; the banner shows their display name (page/isLock's lock_name).
          if (notice.locked_by) void holderName(pageId).then((name) => name && live.lockedBy === notice.locked_by?.username && update({ lockedBy: name }));
        },
      });
      if (provider.awareness) guardRemoteColors(provider.awareness);
      live = {
        session: { provider, doc, text: doc.getText(LIVE_TEXT), user: first.user },
        mode: first.mode,
        status: 'connecting',
        synced: false,
        unsynced: 0,
        lost: null,
        lockedBy: first.locked_by ? first.locked_by.name || first.locked_by.username : null,
      };
      update({});
      const kept = keepUnsent && first.mode === 'edit' ? keepInBrowser(first, doc, provider, () => live.synced) : null;
      // a provider on a socket of its own making is attached by the caller (its events need `live` set)
      provider.attach();
      close = () => {
        window.clearTimeout(giveUp);
        window.clearTimeout(ceiling);
        kept?.close();
        provider.destroy();
        socket.destroy();
        doc.destroy();
      };
      if (fallbackAfterMs) {
        giveUp = window.setTimeout(() => {
          pastWait = true;
          fallBack();
        }, fallbackAfterMs);
        ceiling = window.setTimeout(() => fallBack(true), fallbackAfterMs * FALLBACK_CEILING_FACTOR);
      }
    };

    ask().then(
      (first) => {
        if (closed) return;
        // a Markdown page's document is `page.N`, a spreadsheet's `sheet.N` (the Spreadsheet scene asks for those)
        if (first.live && first.doc.startsWith(`${kind}.`)) open(first);
        else setState({ kind: 'off' });
      },
      // No live view (an older server, or no right): the page works as before.
      () => !closed && setState({ kind: 'off' }),
    );
    return () => {
      closed = true;
      close();
    };
  }, [pageId, shareKey, enabled, kind, fallbackAfterMs, keepUnsent]);

  return state;
}
