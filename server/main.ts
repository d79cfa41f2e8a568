import http from 'node:http';
import type { Config } from './config.ts';
import { createApp } from './app.ts';
import { createDb, dbOptionsFromConfig, migrateLatest, type Db } from './db/knex.ts';
import { createLogger, type Logger } from './logger.ts';
import { createServices, type Services } from './services.ts';
import { startJobs } from './jobs/index.ts';
import { attachLive, type LiveAttachment } from './live/attach.ts';
import { collectWhenIdle } from '../workers/whenIdle.ts';
import { ensureInitialAdmin, FIRST_ADMIN_HINT } from './commands/users/initialAdmin.ts';

/** Migrations, the stored secret and the first administrator: once per start, before serving. */
async function prepare(config: Config, db: Db, logger: Logger): Promise<Services> {
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const services = await createServices(config, db, logger);
  // Plain text on stderr, not a JSON log field: the newcomer who just ran `npm start` reads it.
  if ((await ensureInitialAdmin(services)) === 'no-users') process.stderr.write(`\n${FIRST_ADMIN_HINT}\n\n`);
  return services;
}

export interface RunningServer {
  url: string;
  services: Services;
  server: http.Server;
  close(): Promise<void>;
}

/**
 * `docs serve`: migrate, create the first administrator from ADMIN_USERNAME/ADMIN_PASSWORD if
 * there is none, start jobs, listen. SIGTERM/SIGINT finish in-flight requests, close the
 * database and exit 0.
 */
export async function startServer(config: Config, logger: Logger = createLogger(config.LOG_LEVEL), opts: { prepared?: boolean } = {}): Promise<RunningServer> {
  const db = createDb(dbOptionsFromConfig(config));
  let services: Services;
  let live: LiveAttachment | null = null;
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  try {
    services = opts.prepared ? await createServices(config, db, logger) : await prepare(config, db, logger);
    server.on('request', createApp(services).callback());
    live = attachLive(server, services);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
  } catch (err) {
    // Nothing may keep a process that failed to start alive: the caller exits non-zero.
    await live?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw err;
  }
  const stopJobs = startJobs(services);
  // The import/export pool's spare worker (JOB_SPARE), started now that nothing waits for it.
  services.jobs.warm();
  // The start-up's garbage, which the old generation floor (bin/leanServer.mjs) would keep: collected once nothing waits.
  collectWhenIdle();
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  logger.info({ url, engine: config.engine, dataDir: config.dataDir }, 'Folio is listening');

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      stopJobs();
      const stopped = new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // Live sockets hold the server open: close them and let their documents be stored first.
      await live?.close();
      await stopped;
      await services.live.bus.close();
      await services.jobs.close();
      await db.destroy();
      logger.info('Folio stopped');
    })());
  return { url, services, server, close };
}
