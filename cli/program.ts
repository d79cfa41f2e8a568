import { Command } from 'commander';
import cliPackage from './package.json' with { type: 'json' };
import type { CliIO, CommandGroup } from './io.ts';

/** The version of the docs CLI (the CLI package's, which follows the server's). */
export const CLI_VERSION: string = cliPackage.version;

/** The exit codes of cli/errors.ts, as `docs --help` lists them. */
const EXIT_CODES_HELP =
  'Exit codes: 0 ok · 1 error · 2 changes pending (docs plan --detailed-exitcode) · 3 conflict · 4 breaking API change (--fail-on-breaking; nothing written)';

/** Builds the commander program from the command groups this executable has. */
export function buildProgram(io: CliIO, groups: CommandGroup[], description: string): Command {
  const program = new Command('docs')
    .description(description)
    .version(CLI_VERSION, '-V, --version', 'print the version of docs')
    .option('--verbose', 'print stack traces of failures')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .addHelpText('after', `\n${EXIT_CODES_HELP}\n`);
  for (const register of groups) register(program, io);
  return program;
}
