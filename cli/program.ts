import { Command } from 'commander';
import cliPackage from './package.json' with { type: 'json' };

/** Streams and environment the commands use, injectable so tests run the program in-process. */
export interface CliIO {
  stdout(s: string): void;
  stderr(s: string): void;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTTY: boolean;
  verbose: boolean;
  /** Set by a command to choose the process exit code. */
  exitCode: number | undefined;
}

/** Registers a group of commands; each loads its real work only when one of its commands runs. */
export type CommandGroup = (program: Command, io: CliIO) => void;

/** The version of the docs CLI (the CLI package's, which follows the server's). */
export const CLI_VERSION: string = cliPackage.version;

/** The exit codes of cli/errors.ts, as `docs --help` lists them. */
export const EXIT_CODES_HELP = 'Exit codes: 0 ok · 1 error · 2 changes pending (docs plan --detailed-exitcode) · 3 conflict · 4 breaking API change (--fail-on-breaking; nothing written)';

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
