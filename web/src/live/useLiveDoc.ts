import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { ApiError, call } from '../api/client.ts';
import { LIVE_CLOSE, LIVE_TEXT, type LiveModeNotice, type LiveTokenAnswer } from '@core/live';
import { guardRemoteColors } from './presence.ts';
/** Tokens expire 60 s after issue: the first one is used only while clearly fresh. */
const TOKEN_REUSE_MS = 40_000;
/** Reconnect attempts back off up to this (the provider's default, 30 s, is long for an editor). */
const MAX_RECONNECT_DELAY_MS = 5_000;

export type LiveStatus = 'connecting' | 'connected' | 'disconnected';

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

export type LiveDoc = { kind: 'loading' } | { kind: 'off' } | ({ kind: 'live' } & LiveState);

/** `ws://host/live` from the ticket's path, on the page's own origin. */
function socketUrl(path: string): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`;
}

/**
 * A page's live document (issue #22): asks `live/token`, and when the item edits live, connects a
 * Hocuspocus provider. Every (re)connection authenticates with a fresh token, whose answer also
 * says whether the caller may still edit; `off` means the classic lock editor (or no live view).
 */
export function useLiveDoc(pageId: number, opts: { shareKey?: string; enabled?: boolean; kind?: 'page' | 'sheet' } = {}): LiveDoc {
  const { shareKey, enabled = true, kind = 'page' } = opts;
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
        update({ lockedBy: next.locked_by?.username ?? null });
        return next.token;
      };
      const socket = new HocuspocusProviderWebsocket({ url: socketUrl(first.ws_path), maxDelay: MAX_RECONNECT_DELAY_MS });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: first.doc,
        document: doc,
        token,
        onStatus: ({ status }) => update({ status: status as LiveStatus }),
        onSynced: ({ state: done }) => done && update({ synced: true }),
        onUnsyncedChanges: ({ number }) => update({ unsynced: number }),
        // The server's scope is the truth: read-only while another holds the lock, or for readers.
        onAuthenticated: ({ scope }) => update({ mode: scope === 'readonly' ? 'view' : 'edit', lost: null }),
        onAuthenticationFailed: ({ reason }) => update({ mode: 'view', lost: LOST_BY_REASON[reason] ?? live.lost }),
        // The server closed this document: access withdrawn, or live editing turned off.
        onClose: ({ event }) => {
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
          update({ mode: notice.mode, lockedBy: notice.locked_by?.username ?? null, lost: notice.reason === 'rights' || notice.reason === 'archived' ? 'rights' : null });
        },
      });
      if (provider.awareness) guardRemoteColors(provider.awareness);
      live = { session: { provider, doc, text: doc.getText(LIVE_TEXT), user: first.user }, mode: first.mode, status: 'connecting', synced: false, unsynced: 0, lost: null, lockedBy: first.locked_by?.username ?? null };
      update({});
      // a provider on a socket of its own making is attached by the caller (its events need `live` set)
      provider.attach();
      close = () => {
        provider.destroy();
        socket.destroy();
        doc.destroy();
      };
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
  }, [pageId, shareKey, enabled, kind]);

  return state;
}
