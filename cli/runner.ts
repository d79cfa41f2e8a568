import { CommanderError } from 'commander';
import { CliFailure } from './errors.ts';
import { optionalPackageMissing } from './optionalPackages.ts';
import type { CliIO, CommandGroup } from './io.ts';
import { buildProgram } from './program.ts';

/**
 * Parses argv and runs the command. Returns the exit code (the caller sets it); `serve` returns
 * once a signal has stopped it, `watch` returns undefined and keeps the process alive.
 */
export async function runProgram(argv: string[], io: CliIO, groups: CommandGroup[], description: string): Promise<number | undefined> {
  const program = buildProgram(io, groups, description);
  try {
    await program.parseAsync(argv);
    return io.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof CliFailure) {
      io.stderr(`error: ${err.message}\n`);
      if (io.verbose) io.stderr(`${((err.cause ?? err) as Error).stack ?? String(err.cause)}\n`);
      return err.exitCode;
    }
    // The stand-alone package leaves the format libraries out: say which one to install.
    const missing = optionalPackageMissing(err);
    io.stderr(`error: ${missing ?? (err as Error).message}\n`);
    if (io.verbose) io.stderr(`${(err as Error).stack}\n`);
    return 1;
  }
}

/** The real process's streams and environment. */
export function processIO(): CliIO {
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
