import type { Command } from 'commander';
import { createRequire } from 'node:module';
import type { Config } from '../../server/config.ts';
import { CliFailure } from '../errors.ts';
import type { CliIO } from '../io.ts';

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

/** An unreachable PostgreSQL stops `serve` and `migrate` with one line and exit code 1. */
async function databaseOrFail(config: Config): Promise<void> {
  if (config.engine !== 'pg' || !config.DATABASE_URL) return;
  const { assertPostgresReachable, DatabaseUnreachable } = await import('../../server/db/reachable.ts');
  try {
    await assertPostgresReachable(config.DATABASE_URL);
  } catch (err) {
    if (err instanceof DatabaseUnreachable) throw new CliFailure(err.message, undefined, { cause: err.cause });
    throw err;
  }
}

/** The environment variables for `docs serve --help`, read from the config schema only when help is shown. */
function configVariablesHelpText(): string {
  const { configVariablesHelp } = createRequire(import.meta.url)('../../server/config.ts') as typeof import('../../server/config.ts');
  return `\n${configVariablesHelp()}\n`;
}

/** `docs serve` and `docs migrate`: the server side of the executable (imported lazily: `docs --help` and sync never load it). */
export function registerServerCommands(program: Command, io: CliIO): void {
  program
    .command('serve')
    .description('start the Folio server (SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set)')
    .addHelpText('after', configVariablesHelpText)
    .action(async () => {
      const config = await configOrFail(io);
      await databaseOrFail(config);
      const [{ serve }, { createLogger }, { untilStopped }] = await Promise.all([
        import('../../server/cluster.ts'),
        import('../../server/logger.ts'),
        import('../../server/clusterPrimary.mjs'),
      ]);
      const logger = createLogger(config.LOG_LEVEL);
      const serving = await serve(config, logger);
      // Runs until SIGTERM/SIGINT have stopped the server; the exit code goes back like any command's.
      io.exitCode = await untilStopped(logger, serving.stop);
    });

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => {
      const config = await configOrFail(io);
      await databaseOrFail(config);
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
