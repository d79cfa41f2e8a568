/**
 * The server half of bench/formats.ts, run as its own process so its peak RSS can be read from
 * /proc: the real app on a fresh database (SQLite, or PostgreSQL with TEST_DB=pg), one user.
 * Prints `{"url","token"}` on one line, then serves until SIGTERM.
 */
import { buildUser, startTestServer } from '../tests/helpers/server.ts';

const server = await startTestServer();
const user = await buildUser(server);
process.stdout.write(JSON.stringify({ url: server.url, token: user.token }) + '\n');
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
