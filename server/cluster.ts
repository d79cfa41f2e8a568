import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { prepareDatabase, startServer } from './main.ts';

export interface Serving {
  url: string;
  stop(): Promise<void>;
}

interface ListeningMessage {
  type: 'folio:listening';
  url: string;
}

const RESTART_DELAY_MS = 1000;

/**
 * `docs serve` in one process, or with `WORKERS` > 1 a primary that prepares the database once
 * (migrations, secret, first administrator) and forks that many server processes sharing the
 * port. Everything shared lives in the database (sessions, locks, captchas, job leases), so any
 * worker can answer any request. A worker that dies is replaced; `stop()` lets each finish its
 * in-flight requests. Cluster workers re-run the same entry point, which lands here again.
 */
export async function serve(config: Config, logger: Logger): Promise<Serving> {
  if (cluster.isWorker) return serveAsWorker(config, logger);
  if (config.WORKERS <= 1) {
    const running = await startServer(config, logger);
    return { url: running.url, stop: running.close };
  }
  return servePrimary(config, logger);
}

async function serveAsWorker(config: Config, logger: Logger): Promise<Serving> {
  const running = await startServer(config, logger, { prepared: true });
  process.send?.({ type: 'folio:listening', url: running.url } satisfies ListeningMessage);
  return { url: running.url, stop: running.close };
}

function whenListening(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    worker.on('message', (m: ListeningMessage) => {
      if (m?.type === 'folio:listening') resolve(m.url);
    });
    worker.once('exit', (code) => reject(new Error(`a server worker exited with code ${code} before listening`)));
  });
}

async function servePrimary(config: Config, logger: Logger): Promise<Serving> {
  await prepareDatabase(config, logger);
  let stopping = false;
  const workers = Array.from({ length: config.WORKERS }, () => cluster.fork());
  let url: string;
  try {
    [url] = (await Promise.all(workers.map(whenListening))) as [string];
  } catch (err) {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    throw err;
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a server worker died; starting another');
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });
  logger.info({ url, workers: config.WORKERS }, 'Folio is listening with several workers');
  const stop = async () => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  };
  return { url, stop };
}
