import { Command } from 'commander';
import { registerServerCommands } from './commands/server.ts';
import { registerSyncCommands } from './commands/sync.ts';
import { registerUserCommands } from './commands/user.ts';

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

/** Builds the commander program; each command group registers itself. */
export function buildProgram(io: CliIO): Command {
  const program = new Command('docs')
    .description('Folio: documentation server (`docs serve`) and docs-as-code sync (`docs push|pull|plan|watch`)')
    .option('--verbose', 'print stack traces of failures')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) });
  registerServerCommands(program, io);
  registerSyncCommands(program, io);
  registerUserCommands(program, io);
  return program;
}
