/**
 * A separate server process's delivery poller, for the cross-process claim test: reads the same
 * configuration (DATA_DIR / DATABASE_URL) as the test server, prints `ready` once loaded, waits
 * for a line on stdin (so the test starts every poller at once, however long loading took), runs
 * `deliverDueWebhooks` once with the holder name given as argv[2], prints how many deliveries it
 * posted and exits.
 */
import readline from 'node:readline';
import { deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { loadConfig } from '../../server/config.ts';
import { createDb, dbOptionsFromConfig } from '../../server/db/knex.ts';
import { createLogger } from '../../server/logger.ts';
import { createServices } from '../../server/services.ts';

const config = loadConfig(process.env);
const db = createDb(dbOptionsFromConfig(config));
try {
  const services = await createServices(config, db, createLogger('silent'));
  process.stdout.write('ready\n');
  const lines = readline.createInterface({ input: process.stdin });
  await new Promise((resolve) => lines.once('line', resolve));
  lines.close();
  const posted = await deliverDueWebhooks(services, { holder: process.argv[2] ?? 'worker', batch: 2, maxRounds: 100 });
  process.stdout.write(`${posted}\n`);
} finally {
  await db.destroy();
}
