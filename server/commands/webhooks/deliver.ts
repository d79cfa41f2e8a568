import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { skipLockedClause } from '../../db/locks.ts';
import { INSTANCE_ID } from '../../leases.ts';
import { Webhook, type WebhookRow } from '../../models/Webhook.ts';
import { WebhookDelivery, type DeliveryRow } from '../../models/WebhookDelivery.ts';
import type { Services } from '../../services.ts';
import { siteBaseUrl } from '../files/siteBase.ts';
import type { WebhookEnvelope } from './formats.ts';
import { pinnedLookup, resolveTarget, TargetRefused } from './target.ts';
import { signedPost, vendorOf } from './vendors/index.ts';

/**
 * Posts queued webhook deliveries. Every server process (each of WORKERS, each instance) runs
 * `deliverDueWebhooks` on a timer; a delivery is claimed by ONE guarded UPDATE that sets its
 * `claimed_until` lease (PostgreSQL picks the rows with FOR UPDATE SKIP LOCKED, SQLite has a
 * single writer), so two processes never post the same delivery at once. A process that dies
 * mid-post leaves the lease to expire and the row is tried again (at-least-once; receivers
 * deduplicate on `X-Folio-Delivery`).
 *
 * A failure (network error, timeout, non-2xx answer, a chat bot's error code, a redirect, which
 * is never followed) is retried after 1, 2, 4 … minutes, up to MAX_ATTEMPTS; a target refused by
 * the SSRF guard fails at once. Each outcome records status, HTTP status, latency and error.
 */
const MAX_ATTEMPTS = 8;
/** Seconds before the first retry; doubles with each further attempt. */
const RETRY_BASE_SECONDS = 60;
const RETRY_MAX_SECONDS = 6 * 3600;
/** A claim outlives a post by far (REQUEST_TIMEOUT_MS); it only matters when a process dies mid-post. */
const CLAIM_SECONDS = 120;
/** The whole post, from connecting to the last byte of the answer (not an idle timeout: a receiver trickling bytes would never idle). */
const REQUEST_TIMEOUT_MS = 10_000;
const BATCH = 20;
/** Deliveries kept per webhook as its log; older finished ones are removed. */
const DELIVERY_LOG_KEPT = 100;
const RESPONSE_KEPT_BYTES = 2048;

export interface DeliveryOutcome {
  ok: boolean;
  /** No retry (SSRF refusal). */
  final: boolean;
  status: number | null;
  latencyMs: number | null;
  error: string;
}

function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `limit` due deliveries (or exactly `ids`, when due) for this process and counts
 * the attempt. One statement on both engines.
 */
export async function claimDeliveries(
  services: Pick<Services, 'db' | 'now'>,
  opts: { limit?: number; ids?: number[]; holder?: string } = {},
): Promise<DeliveryRow[]> {
  const now = services.now();
  const holder = opts.holder ?? INSTANCE_ID;
  const limit = opts.limit ?? BATCH;
  const idFilter = opts.ids ? `AND id IN (${opts.ids.map(() => '?').join(',') || 'NULL'})` : '';
  const sql = `
    UPDATE webhook_deliveries
       SET claimed_until = ?, claimed_by = ?, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM webhook_deliveries
        WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ? AND claimed_until <= ? ${idFilter}
        ORDER BY next_attempt_at, id
        LIMIT ? ${skipLockedClause(services.db)})
       AND claimed_until <= ?
    RETURNING *`;
  const bindings = [now + CLAIM_SECONDS, holder, now, now, ...(opts.ids ?? []), limit, now];
  const result = (await services.db.raw(sql, bindings)) as { rows?: DeliveryRow[] } | DeliveryRow[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows.sort((a, b) => a.id - b.id);
}

/** What a post needs of its webhook. */
type PostTarget = Pick<WebhookRow, 'id' | 'url' | 'format' | 'secret' | 'lang'>;

function signBody(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Posts one claimed delivery and records its outcome (under the claim: a stolen claim writes nothing). */
export async function deliverOne(services: Services, row: DeliveryRow, holder = INSTANCE_ID, timeoutMs = REQUEST_TIMEOUT_MS): Promise<DeliveryOutcome> {
  const hook = await Webhook.query(services.db).findById(row.webhook_id).select('id', 'url', 'format', 'secret', 'lang', 'bot_secret');
  let outcome: DeliveryOutcome;
  if (!hook) outcome = { ok: false, final: true, status: null, latencyMs: null, error: 'the webhook was deleted' };
  else {
    const envelope = JSON.parse(row.payload) as WebhookEnvelope;
    // A signing bot checks the time of each post: signed now, for this attempt.
    const { url, bodyFields } = signedPost(hook, Date.now());
    const body = vendorOf(hook.format).render(envelope, {
      deliveryId: row.id,
      lang: hook.lang === 'zh' ? 'zh' : 'en',
      siteBase: await siteBaseUrl(services),
      signedFields: bodyFields,
    });
    outcome = await post({ ...hook, url }, body, { event: row.event, deliveryId: row.id, allowPrivate: services.config.WEBHOOK_ALLOW_PRIVATE, timeoutMs });
  }
  const now = services.now();
  const done = outcome.ok || outcome.final || row.attempts >= MAX_ATTEMPTS;
  await WebhookDelivery.query(services.db)
    .where({ id: row.id, claimed_by: holder })
    .patch({
      status: outcome.ok ? 'succeeded' : done ? 'failed' : 'retrying',
      response_status: outcome.status,
      latency_ms: outcome.latencyMs,
      last_error: outcome.error.slice(0, 1000),
      next_attempt_at: done ? row.next_attempt_at : now + retryDelaySeconds(row.attempts),
      claimed_until: 0,
      finished_at: done ? now : 0,
    });
  if (done) await trimLog(services, row.webhook_id);
  return outcome;
}

/** Keeps the newest DELIVERY_LOG_KEPT finished deliveries of a webhook. */
async function trimLog(services: Pick<Services, 'db'>, webhookId: number): Promise<void> {
  const cutoff = await WebhookDelivery.query(services.db).where({ webhook_id: webhookId }).orderBy('id', 'desc').offset(DELIVERY_LOG_KEPT).select('id').first();
  if (cutoff)
    await WebhookDelivery.query(services.db)
      .where({ webhook_id: webhookId })
      .whereIn('status', ['succeeded', 'failed'])
      .andWhere('id', '<=', cutoff.id)
      .delete();
}

/** Claims and posts due deliveries until none is left (or `maxRounds`); returns how many were posted. */
export async function deliverDueWebhooks(
  services: Services,
  opts: { maxRounds?: number; holder?: string; batch?: number; timeoutMs?: number } = {},
): Promise<number> {
  let posted = 0;
  for (let round = 0; round < (opts.maxRounds ?? 10); round++) {
    const rows = await claimDeliveries(services, { holder: opts.holder, limit: opts.batch });
    if (!rows.length) break;
    // Webhooks in parallel; one webhook's deliveries one after another, oldest first, so a
    // receiver (a chat) sees a process's events in the order they happened.
    const byHook = new Map<number, DeliveryRow[]>();
    for (const r of rows) byHook.set(r.webhook_id, [...(byHook.get(r.webhook_id) ?? []), r]);
    await Promise.all(
      [...byHook.values()].map(async (queue) => {
        for (const r of queue)
          await deliverOne(services, r, opts.holder, opts.timeoutMs).catch((err) => services.logger.error({ err, delivery: r.id }, 'webhook delivery failed'));
      }),
    );
    posted += rows.length;
  }
  return posted;
}

/** One POST to the checked, pinned address; never follows a redirect. */
async function post(
  hook: PostTarget,
  body: string,
  meta: { event: string; deliveryId: number; allowPrivate: boolean; timeoutMs: number },
): Promise<DeliveryOutcome> {
  let target;
  try {
    target = await resolveTarget(hook.url, meta.allowPrivate);
  } catch (err) {
    if (err instanceof TargetRefused) return { ok: false, final: true, status: null, latencyMs: null, error: `refused: ${err.message}` };
    throw err;
  }
  const started = performance.now();
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryOutcome>((resolve) => {
    // One deadline for the whole exchange: a stuck post would hold this process's poll (one at a time) and outlive its claim.
    const deadline = setTimeout(() => {
      finish({ ok: false, status: null, error: `no complete answer within ${meta.timeoutMs / 1000} s` });
      req.destroy();
    }, meta.timeoutMs);
    const finish = (o: Omit<DeliveryOutcome, 'latencyMs' | 'final'>) => {
      clearTimeout(deadline);
      resolve({ ...o, final: false, latencyMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        agent: false,
        timeout: meta.timeoutMs,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Folio-Webhooks/1',
          'X-Folio-Event': meta.event,
          'X-Folio-Delivery': String(meta.deliveryId),
          'X-Folio-Signature': signBody(hook.secret, body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_KEPT_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('error', (err) => finish({ ok: false, status: res.statusCode ?? null, error: err.message }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8');
          if (status >= 300 && status < 400)
            return finish({ ok: false, status, error: `HTTP ${status}: redirects are not followed (Location: ${res.headers.location ?? '-'})` });
          if (status < 200 || status >= 300)
            return finish({ ok: false, status, error: `HTTP ${status}${text ? `: ${text.replace(/\s+/g, ' ').slice(0, 300)}` : ''}` });
          const refusal = vendorOf(hook.format).refusal(text);
          finish({ ok: !refusal, status, error: refusal ?? '' });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${meta.timeoutMs / 1000} s`)));
    req.on('error', (err) => finish({ ok: false, status: null, error: err.message }));
    req.end(body);
  });
}
