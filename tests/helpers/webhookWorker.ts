/**
 * A separate server process's delivery poller, for the cross-process claim test: reads the same
 * configuration (DATA_DIR / DATABASE_URL) as the test server, runs `deliverDueWebhooks` once with
 * the holder name given as argv[2] from the moment given as argv[3] (epoch ms, so that several
 * processes start polling together), prints how many deliveries it posted and exits.
 */
import { deliverDueWebhooks } from '../../server/commands/webhooks/deliver.ts';
import { loadConfig } from '../../server/config.ts';
import { createDb, dbOptionsFromConfig } from '../../server/db/knex.ts';
import { createLogger } from '../../server/logger.ts';
import { createServices } from '../../server/services.ts';

const config = loadConfig(process.env);
const db = createDb(dbOptionsFromConfig(config));
try {
  const services = await createServices(config, db, createLogger('silent'));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.argv[3] ?? 0) - Date.now())));
  const posted = await deliverDueWebhooks(services, { holder: process.argv[2] ?? 'worker', batch: 2, maxRounds: 100 });
  process.stdout.write(String(posted));
} finally {
  await db.destroy();
}
