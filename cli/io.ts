import type { Command } from 'commander';

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
