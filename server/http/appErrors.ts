import type Koa from 'koa';
import type { Logger } from '../logger.ts';

/** What a socket says when the client left before its answer was written: no fault of the server. */
const CLIENT_GONE = new Set(['EPIPE', 'ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

function clientWentAway(err: unknown): boolean {
  return CLIENT_GONE.has((err as { code?: string } | null)?.code ?? '');
}

/**
 * Koa's own handler prints every error that escapes a request to stderr with its stack, among
 * them the EPIPE of each client that closed its connection mid-answer (a load test's end, a tab
 * closed during an export). Those are dropped; anything else goes to the log with the request.
 */
export function logAppErrors(app: Koa, logger: Logger): void {
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    if (clientWentAway(err)) return;
    if ((err as { expose?: boolean; status?: number }).expose) return;
    logger.error({ err, method: ctx?.method, path: ctx?.path }, 'request failed');
  });
}
