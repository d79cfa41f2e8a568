import { CommanderError } from 'commander';
import { buildProgram, type CliIO } from './program.ts';
import { CliFailure } from './errors.ts';

/**
 * Parses argv and runs the command. Returns the exit code (the caller sets it); a long-running
 * command such as `serve` or `watch` returns undefined and keeps the process alive.
 */
export async function run(argv: string[], io: CliIO = defaultIO()): Promise<number | undefined> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
    return io.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof CliFailure) {
      io.stderr(`error: ${err.message}\n`);
      if (io.verbose && err.cause) io.stderr(`${(err.cause as Error).stack ?? String(err.cause)}\n`);
      return err.exitCode;
    }
    io.stderr(`error: ${(err as Error).message}\n`);
    if (io.verbose) io.stderr(`${(err as Error).stack}\n`);
    return 1;
  }
}

function defaultIO(): CliIO {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    isTTY: !!process.stderr.isTTY,
    verbose: process.argv.includes('--verbose'),
    exitCode: undefined,
  };
}
