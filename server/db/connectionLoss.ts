/**
 * Whether a database error means the connection itself is gone (PostgreSQL restarted, backend
 * terminated, network cut) rather than a fault of the request. The pool drops such connections
 * and opens fresh ones, so the next request normally succeeds: the answer is a retryable 503.
 */
const PG_CONNECTION_CODES = /^(08\d{3}|57P0[123])$/; // connection_exception class; admin/crash shutdown, cannot_connect_now
const NODE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const PG_DRIVER_MESSAGES = /Connection terminated|connection error and is not queryable|terminating connection due to administrator command/i;

export function isConnectionLoss(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  return PG_CONNECTION_CODES.test(code) || NODE_SOCKET_CODES.has(code) || PG_DRIVER_MESSAGES.test(String(e.message ?? ''));
}
