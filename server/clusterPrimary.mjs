// The primary of `docs serve` with WORKERS > 1, in plain JavaScript on purpose: it only forks
// and supervises, so it loads neither the TypeScript loader nor the app (measured: ~45 MB
// resident instead of ~225 MB). The first worker prepares the database (migrations, secret,
// first administrator) before the others start; a worker that dies is replaced; SIGTERM/SIGINT
// let every worker finish its in-flight requests. Invalid configuration is reported by the
// first worker, which loads and checks it like a single-process server.
import cluster from 'node:cluster';
import os from 'node:os';
import pino from 'pino';

const RESTART_DELAY_MS = 1000;
/** Set for the worker that migrates and seeds before serving (see server/cluster.ts). */
export const PREPARE_ENV = 'FOLIO_PREPARE_DB';
/** Live co-editing frames between workers (server/live/bus/cluster.ts): the primary relays them. */
export const LIVE_IPC = 'folio:live';

/**
 * How many workers WORKERS asks for, or null when it is absent, invalid or read from a file
 * (WORKERS_FILE): then the TypeScript entry point decides and reports problems.
 * @param {NodeJS.ProcessEnv} env
 * @returns {number | null}
 */
export function workersFromEnv(env) {
  if (env.WORKERS_FILE) return null;
  const v = (env.WORKERS ?? '').trim();
  if (v === 'auto') return os.availableParallelism();
  const n = Number(v);
  return v !== '' && Number.isInteger(n) && n >= 1 && n <= 64 ? n : null;
}

/** @param {import('node:cluster').Worker} worker @returns {Promise<string>} */
function whenListening(worker) {
  return new Promise((resolve, reject) => {
    worker.on('message', (m) => {
      if (m?.type === 'folio:listening') resolve(m.url);
    });
    worker.once('exit', (code) => reject(new Error(`a server worker exited with code ${code} before listening`)));
  });
}

/**
 * Forks and supervises `workers` server processes; resolves once all listen.
 * @param {number} workers
 * @param {{ info: Function, error: Function }} [logger]
 * @returns {Promise<{ url: string, stop(): Promise<void> }>}
 */
export async function runPrimary(workers, logger = pino({ level: process.env.LOG_LEVEL || 'info' })) {
  let stopping = false;
  const killAll = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  // Live co-editing on SQLite: what one worker publishes reaches every other worker through here.
  cluster.on('message', (from, m) => {
    if (m?.type !== LIVE_IPC) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w && w !== from && w.isConnected()) w.send(m);
  });
  let url;
  try {
    url = await whenListening(cluster.fork({ [PREPARE_ENV]: '1' }));
    await Promise.all(Array.from({ length: workers - 1 }, () => whenListening(cluster.fork())));
  } catch (err) {
    stopping = true;
    killAll();
    throw err;
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a server worker died; starting another');
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });
  logger.info({ url, workers }, 'Folio is listening with several workers');
  const stop = async () => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(alive.map((w) => new Promise((resolve) => (w.once('exit', () => resolve()), w.process.kill('SIGTERM')))));
  };
  return { url, stop };
}

/**
 * `docs serve` as a primary: runs until SIGTERM/SIGINT, then stops the workers; answers the exit code.
 * @param {number} workers
 */
export async function servePrimaryUntilSignalled(workers) {
  const logger = pino({ level: process.env.LOG_LEVEL || 'info' });
  let serving;
  try {
    serving = await runPrimary(workers, logger);
  } catch (err) {
    logger.error({ err: String(err?.message ?? err) }, 'the server did not start');
    return 1;
  }
  return untilStopped(logger, serving.stop);
}

/**
 * Resolves with exit code 0 once SIGTERM or SIGINT arrived and `stop` (which lets in-flight
 * requests finish) has run, once. Shared by the primary and the single-process server; the
 * executable (bin/docs) ends the process with the code, like every other command's.
 * @param {{ info: Function }} logger
 * @param {() => Promise<void>} stop
 * @returns {Promise<number>}
 */
export function untilStopped(logger, stop) {
  return new Promise((resolve, reject) => {
    let stopping = false;
    const onSignal = (signal) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      stop().then(() => resolve(0), reject);
    };
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));
  });
}
