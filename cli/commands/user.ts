import type { Command } from 'commander';
import type { CliIO } from '../io.ts';

/**
 * `docs user add|passwd|list`: account administration straight on the configured database
 * (DATA_DIR's SQLite file or DATABASE_URL), e.g. to create the first administrator. The database
 * code loads only when one of these runs, so `docs --help` and the sync commands stay quick.
 */
export function registerUserCommands(program: Command, io: CliIO): void {
  const user = program.command('user').description('manage accounts directly in the database (first administrator, password resets)');
  const actions = () => import('./userActions.ts');

  user
    .command('add <username>')
    .description('create an account (prompts for the password twice)')
    .option('--admin', 'make it an administrator')
    .option('--password-stdin', 'read the password as one line from stdin')
    .option('--email <email>', 'e-mail address (for password-reset mails)')
    .option('--name <name>', 'display name')
    .action(async (username: string, opts: { admin?: boolean; passwordStdin?: boolean; email?: string; name?: string }) =>
      (await actions()).addUser(io, username, opts),
    );

  user
    .command('passwd <username>')
    .description("set a user's password (ends all their sessions)")
    .option('--password-stdin', 'read the password as one line from stdin')
    .action(async (username: string, opts: { passwordStdin?: boolean }) => (await actions()).changePassword(io, username, opts));

  user
    .command('list')
    .description('list accounts')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => (await actions()).printUsers(io, opts));
}
