import type { Command } from 'commander';
import { ConfigError, configVariablesHelp, loadConfig } from '../../server/config.ts';
import type { Config } from '../../server/config.ts';
import { createDb, dbOptionsFromConfig, migrateLatest } from '../../server/db/knex.ts';
import { assertPostgresReachable, DatabaseUnreachable } from '../../server/db/reachable.ts';
import { serve } from '../../server/cluster.ts';
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

/** An unreachable PostgreSQL stops `serve` and `migrate` with one line and exit code 1. */
async function databaseOrFail(config: Config): Promise<void> {
  if (config.engine !== 'pg' || !config.DATABASE_URL) return;
  try {
    await assertPostgresReachable(config.DATABASE_URL);
  } catch (err) {
    if (err instanceof DatabaseUnreachable) throw new CliFailure(err.message, undefined, { cause: err.cause });
    throw err;
  }
}

/** `docs serve` and `docs migrate`: the server side of the executable. */
export function registerServerCommands(program: Command, io: CliIO): void {
  program
    .command('serve')
    .description('start the Folio server (SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set)')
    .addHelpText('after', `\n${configVariablesHelp()}\n`)
    .action(async () => {
      const config = configOrFail(io);
      await databaseOrFail(config);
      const logger = createLogger(config.LOG_LEVEL);
      const serving = await serve(config, logger);
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'shutting down');
        await serving.stop();
        process.exit(0);
      };
      process.on('SIGTERM', () => void stop('SIGTERM'));
      process.on('SIGINT', () => void stop('SIGINT'));
    });

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => {
      const config = configOrFail(io);
      await databaseOrFail(config);
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
