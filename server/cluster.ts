import cluster from 'node:cluster';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { PREPARE_ENV, runPrimary } from './clusterPrimary.mjs';

export interface Serving {
  url: string;
  stop(): Promise<void>;
}

interface ListeningMessage {
  type: 'folio:listening';
  url: string;
}

/**
 * `docs serve` in one process, or with `WORKERS` > 1 a primary (clusterPrimary.mjs) that forks
 * that many server processes sharing the port; the first one prepares the database (migrations,
 * secret, first administrator) before the others start. Everything shared lives in the database
 * (sessions, locks, captchas, job leases, menu versions), so any worker can answer any request.
 * Cluster workers re-run the same entry point, which lands here again. The app is imported only
 * where it runs, so a primary never loads it.
 */
export async function serve(config: Config, logger: Logger): Promise<Serving> {
  if (cluster.isWorker) return serveAsWorker(config, logger);
  if (config.WORKERS <= 1) {
    const { startServer } = await import('./main.ts');
    const running = await startServer(config, logger);
    return { url: running.url, stop: running.close };
  }
  return runPrimary(config.WORKERS, logger);
}

async function serveAsWorker(config: Config, logger: Logger): Promise<Serving> {
  const { startServer } = await import('./main.ts');
  const running = await startServer(config, logger, { prepared: process.env[PREPARE_ENV] !== '1' });
  process.send?.({ type: 'folio:listening', url: running.url } satisfies ListeningMessage);
  return { url: running.url, stop: running.close };
}
