import type { Command } from 'commander';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../program.ts';

/** The configuration, loaded (with the server code) only when a server command runs. */
async function configOrFail(io: CliIO) {
  const { ConfigError, loadConfig } = await import('../../server/config.ts');
  try {
    return loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliFailure(err.message);
    throw err;
  }
}

/** `docs serve` and `docs migrate`: the server side of the executable (imported lazily: `docs --help` and sync never load it). */
export function registerServerCommands(program: Command, io: CliIO): void {
  program
    .command('serve')
    .description('start the Folio server (SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set)')
    .action(async () => {
      const config = await configOrFail(io);
      const [{ serve }, { createLogger }, { stopOnSignals }] = await Promise.all([import('../../server/cluster.ts'), import('../../server/logger.ts'), import('../../server/clusterPrimary.mjs')]);
      const logger = createLogger(config.LOG_LEVEL);
      const serving = await serve(config, logger);
      stopOnSignals(logger, serving.stop);
    });

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => {
      const config = await configOrFail(io);
      const { createDb, dbOptionsFromConfig, migrateLatest } = await import('../../server/db/knex.ts');
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
