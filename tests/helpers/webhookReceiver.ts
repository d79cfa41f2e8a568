import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived (the signature covers these bytes). */
  raw: Buffer;
  json: any;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Requests that reached `path`. */
  at(path: string): ReceivedHook[];
  /** Queues answers for `path` (status, optional body and headers); afterwards 200 `{}`. */
  answer(path: string, ...answers: { status: number; body?: string; headers?: Record<string, string> }[]): void;
  /** Answers requests to `path` only after `ms` (a slow receiver keeps a poller busy). */
  slow(path: string, ms: number): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, port 0, recording every request: the far end of webhook tests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const delays = new Map<string, number>();
  const queued = new Map<string, { status: number; body?: string; headers?: Record<string, string> }[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown = null;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        /* not JSON */
      }
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, raw, json });
      const next = queued.get(path)?.shift() ?? { status: 200, body: '{}' };
      setTimeout(
        () => {
          res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
          res.end(next.body ?? '{}');
        },
        delays.get(path) ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    at: (path) => received.filter((r) => r.path === path),
    answer(path, ...answers) {
      queued.set(path, [...(queued.get(path) ?? []), ...answers]);
    },
    slow(path, ms) {
      delays.set(path, ms);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
