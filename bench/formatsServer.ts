/**
 * The server half of bench/formats.ts, run as its own process so its peak RSS can be read from
 * /proc: the real app on a fresh database (SQLite, or PostgreSQL with TEST_DB=pg), one user.
 * Prints `{"url","token"}` on one line, then serves until SIGTERM.
 */
import { buildUser } from '../tests/helpers/factories.ts';
import { startTestServer } from '../tests/helpers/server.ts';

// The job pool's limits (JOB_*) and the body reading rate (BODY_READ_MB_PER_SECOND) from this
// process's environment, as `docs serve` reads them, and its default SCHED_IDLE workers, which
// the test helper turns off for the suite.
const server = await startTestServer({
  env: {
    JOB_SCHED_IDLE: '1',
    ...Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => (e[0].startsWith('JOB_') || e[0] === 'BODY_READ_MB_PER_SECOND') && e[1] !== undefined),
    ),
  },
});
const user = await buildUser(server);
// As `docs serve` does once it listens (server/main.ts): the pool's spare worker (JOB_SPARE) started.
server.services.jobs.warm();
process.stdout.write(JSON.stringify({ url: server.url, token: user.token }) + '\n');
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
