import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hocuspocus, WebSocketLike } from '@hocuspocus/server';
import crossws from 'crossws/adapters/node';
import { LIVE_PATH, LIVE_SHUTDOWN_CODE } from '../../core/live.ts';
import type { Services } from '../services.ts';
import { createHub } from './hub.ts';
import { EVERY_ITEM } from './liveServices.ts';
import { LiveRights } from './rights.ts';

export interface LiveAttachment {
  /**
   * Shutdown: refuses new sockets, closes the open ones (clients reconnect elsewhere or after the
   * restart) and waits until every document has been stored and unloaded, before db.destroy.
   */
  close(): Promise<void>;
}

/** Largest WebSocket message: a whole page's Yjs state (page content ≤ 5 MB) with room to spare. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long shutdown waits for the stores of open documents. */
const FLUSH_DEADLINE_MS = 15_000;

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Mounts live co-editing on Folio's own HTTP server: a WebSocket upgrade on LIVE_PATH goes to this
 * process's Hocuspocus; any other upgrade path gets 404. With LIVE_EDITING off there is no hub and
 * every upgrade gets 404. server/main.ts (every worker) and the tests' server both call this.
 */
export function attachLive(server: http.Server, services: Services): LiveAttachment {
  if (!services.config.LIVE_EDITING) {
    server.on('upgrade', (_req, socket) => refuse(socket, 404, 'Not Found'));
    return { close: async () => undefined };
  }
  const hub = createHub(services);
  services.live.hub = hub;
  const rights = new LiveRights(services, hub).start();
  const recheck = (itemId: number) => rights.recheck(itemId === EVERY_ITEM ? null : itemId);
  services.live.onRightsChanged = recheck;
  services.live.onLockSeen = (itemId, lockTo) => rights.lockSeen(itemId, lockTo);
  const unsubscribe = services.live.bus.subscribe((msg) => {
    // Another process's commands changed an item's rights (ours ran rightsChanged locally already).
    if (msg.kind === 'rights' && msg.from !== services.live.processId) void recheck(msg.itemId);
  });

  const clients = new WeakMap<object, ReturnType<Hocuspocus['handleConnection']>>();
  const ws = crossws({
    serverOptions: { maxPayload: MAX_MESSAGE_BYTES },
    hooks: {
      open(peer) {
        clients.set(peer, hub.handleConnection(peer.websocket as unknown as WebSocketLike, peer.request as Request));
      },
      message(peer, message) {
        clients.get(peer)?.handleMessage(message.uint8Array());
      },
      close(peer, event) {
        clients.get(peer)?.handleClose({ code: event.code ?? 1000, reason: event.reason ?? '' });
        clients.delete(peer);
      },
      error(_peer, error) {
        services.logger.warn({ err: error }, 'live socket error');
      },
    },
  });

  let closing = false;
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    if (closing) return refuse(socket, 503, 'Service Unavailable');
    ws.handleUpgrade(req, socket, head).catch((err) => {
      services.logger.warn({ err }, 'live upgrade failed');
      socket.destroy();
    });
  });

  let closed: Promise<void> | null = null;
  return {
    close: () =>
      (closed ??= (async () => {
        closing = true;
        services.live.onRightsChanged = undefined;
        services.live.onLockSeen = undefined;
        unsubscribe();
        await rights.stop();
        // Closing a socket runs Hocuspocus's close path: the last connection of a document stores it
        // (the persistence extension's onStoreDocument) and unloads it. Debounced stores run now.
        ws.closeAll(LIVE_SHUTDOWN_CODE, 'server shutting down');
        hub.closeConnections();
        hub.flushPendingStores();
        const deadline = Date.now() + FLUSH_DEADLINE_MS;
        while (hub.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        if (hub.getDocumentsCount() > 0) services.logger.error({ documents: hub.getDocumentsCount() }, 'live documents still loaded at shutdown');
        await hub.hooks('onDestroy', { instance: hub });
        services.live.hub = undefined;
      })()),
  };
}
