import type { Knex } from 'knex';

/**
 * Whether a database error means the connection itself is gone (PostgreSQL restarted, backend
 * terminated, network cut) rather than a fault of the request. The pool drops such connections
 * and opens fresh ones, so the next request normally succeeds: the answer is a retryable 503.
 * PostgreSQL's own codes and driver messages count anywhere; a bare socket error (ECONNRESET …)
 * counts only when a query of ours failed with it (tagged by `tagConnectionLoss`), since it may
 * come from LDAP or an outbound call as well and must not be reported as a database outage.
 */
const PG_CONNECTION_CODES = /^(08\d{3}|57P0[123])$/; // connection_exception class; admin/crash shutdown, cannot_connect_now
const PG_DRIVER_MESSAGES = /Connection terminated|connection error and is not queryable|terminating connection due to administrator command/i;
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT']);
const LOST = Symbol('database connection lost');

type Tagged = { code?: unknown; message?: unknown; [LOST]?: true };

export function isConnectionLoss(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  // A model query's failure arrives wrapped by objection (DBError), the driver's error inside.
  const native = (err as { nativeError?: unknown }).nativeError;
  const e = (native && typeof native === 'object' ? native : err) as Tagged;
  const code = typeof e.code === 'string' ? e.code : '';
  return e[LOST] === true || PG_CONNECTION_CODES.test(code) || PG_DRIVER_MESSAGES.test(String(e.message ?? ''));
}

/** Marks socket errors of failed queries on `db` as connection losses (before they reach callers). */
export function tagConnectionLoss(db: Knex): void {
  db.on('query-error', (err: Tagged) => {
    if (err && typeof err === 'object' && typeof err.code === 'string' && SOCKET_CODES.has(err.code)) err[LOST] = true;
  });
}
