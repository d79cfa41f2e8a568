import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { LIVE_PATH, LIVE_TEXT, type LiveModeNotice, type LiveTokenAnswer } from '../../core/live.ts';
import type { LiveProcessNotice } from '../../server/live/busExtension.ts';
import { itemWithPeople, savePageVia } from './factories.ts';
import type { TestServer } from './server.ts';

/**
 * Live co-editing from Node, the way the web app does it: a token from `live/token`, then a real
 * HocuspocusProvider over Node's global WebSocket to the server's /live.
 */

/** `live/token` for a page; fails loudly when refused. `token` is the caller's session (none: a guest). */
export async function liveToken(
  t: TestServer,
  pageId: number,
  opts: { token?: string; share_key?: string; headers?: Record<string, string> } = {},
): Promise<LiveTokenAnswer> {
  const r = await t.call<LiveTokenAnswer>(
    'live/token',
    { page_id: pageId, ...(opts.share_key ? { share_key: opts.share_key } : {}) },
    { token: opts.token, headers: opts.headers },
  );
  if (r.error_code !== 0) throw new Error(`live/token failed: ${r.error_code} ${r.error_message}`);
  return r.data;
}

/** What a connection went through, for assertions. */
export interface LiveLog {
  authenticated: boolean;
  /** Read-only as the server said when it authenticated, then as folio:mode notices changed it. */
  readOnly: boolean;
  authFailures: string[];
  closes: string[];
  notices: LiveModeNotice[];
  /** Which server process serves the connection (the `folio:process` notice of the bus extension). */
  process?: string;
}

const open = new Set<HocuspocusProvider>();
const logs = new WeakMap<HocuspocusProvider, LiveLog>();

export function liveLog(provider: HocuspocusProvider): LiveLog {
  return logs.get(provider)!;
}

/** The page's shared text of a provider (or of a bare Y.Doc). */
export function liveText(p: HocuspocusProvider | Y.Doc): Y.Text {
  return (p instanceof Y.Doc ? p : p.document).getText(LIVE_TEXT);
}

/** Opens a provider on `doc` with `token` (a string, or a function asked again on each reconnect). */
export function connectLive(baseUrl: string, token: string | (() => Promise<string>), doc: string): HocuspocusProvider {
  const log: LiveLog = { authenticated: false, readOnly: false, authFailures: [], closes: [], notices: [] };
  const provider = new HocuspocusProvider({
    url: baseUrl.replace(/^http/, 'ws') + LIVE_PATH,
    name: doc,
    token,
    document: new Y.Doc(),
    onAuthenticated: ({ scope }) => {
      log.authenticated = true;
      log.readOnly = scope === 'readonly';
    },
    onAuthenticationFailed: ({ reason }) => void log.authFailures.push(reason),
    onClose: ({ event }) => void log.closes.push(event.reason),
    onStateless: ({ payload }) => {
      const notice = JSON.parse(payload) as LiveModeNotice | LiveProcessNotice;
      if (notice.type === 'folio:process') log.process = notice.id;
      if (notice.type !== 'folio:mode') return;
      log.notices.push(notice);
      log.readOnly = notice.mode === 'view';
    },
  });
  logs.set(provider, log);
  open.add(provider);
  return provider;
}

/** Polls `predicate` until it holds or the deadline passes (the CI machine is loaded: no fixed sleeps). */
export async function waitUntil(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Waits until the document's text satisfies `predicate`; answers the text. */
export async function waitForText(doc: HocuspocusProvider | Y.Doc, predicate: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const text = liveText(doc);
  await waitUntil(() => predicate(text.toString()), `text matching ${predicate} (now ${JSON.stringify(text.toString().slice(0, 200))})`, timeoutMs);
  return text.toString();
}

/** Waits until the provider authenticated and received the server's document. */
export async function waitSynced(provider: HocuspocusProvider, timeoutMs = 10_000): Promise<void> {
  await waitUntil(() => liveLog(provider).authenticated && provider.isSynced, `provider ${provider.configuration.name} synced`, timeoutMs);
}

/** Destroys every provider connectLive opened (afterEach / afterAll). */
export function closeAllLive(): void {
  // Each provider made its own socket (url given), which destroy() closes.
  for (const p of open) p.destroy();
  open.clear();
}

/** Turns an item's live co-editing switch on or off (the column item/update writes), for tests of either editor. */
export async function setLiveEditing(t: TestServer, itemId: number, on: boolean): Promise<void> {
  await t.services
    .db('items')
    .where({ item_id: itemId })
    .update({ live_editing: on ? 1 : 0 });
  await t.services.live.rightsChanged(itemId);
}

/** An item with its owner and members, and one page of `content` in it. */
export async function livePageOn(t: TestServer, content: string) {
  const people = await itemWithPeople(t);
  const page = await savePageVia(t, people.owner.token, { item_id: people.itemId, page_title: 'Live', page_content: content });
  return { ...people, pageId: page.page_id as number };
}

/** A provider on the page as `session`, synced; it asks for a fresh token at every reconnect. */
export async function openLive(t: TestServer, pageId: number, session: string): Promise<HocuspocusProvider> {
  const tok = await liveToken(t, pageId, { token: session });
  const p = connectLive(t.url, () => liveToken(t, pageId, { token: session }).then((x) => x.token), tok.doc);
  await waitSynced(p);
  return p;
}
