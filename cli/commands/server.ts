import type { Command } from 'commander';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createDb, dbOptionsFromConfig, migrateLatest } from '../../server/db/knex.ts';
import { serve } from '../../server/cluster.ts';
import { stopOnSignals } from '../../server/clusterPrimary.mjs';
import { createLogger } from '../../server/logger.ts';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../program.ts';

function configOrFail(io: CliIO) {
  try {
    return loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliFailure(err.message);
    throw err;
  }
}

/** `docs serve` and `docs migrate`: the server side of the executable. */
export function registerServerCommands(program: Command, io: CliIO): void {
  program
    .command('serve')
    .description('start the Folio server (SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set)')
    .action(async () => {
      const config = configOrFail(io);
      const logger = createLogger(config.LOG_LEVEL);
      const serving = await serve(config, logger);
      stopOnSignals(logger, serving.stop);
    });

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => {
      const config = configOrFail(io);
      const db = createDb(dbOptionsFromConfig(config));
      try {
        const applied = await migrateLatest(db);
        io.stdout(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
        io.exitCode = 0;
      } finally {
        await db.destroy();
      }
    });
}
