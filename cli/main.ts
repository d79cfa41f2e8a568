import { registerServerCommands } from './commands/server.ts';
import { registerSyncCommands } from './commands/sync.ts';
import { registerUserCommands } from './commands/user.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import type { CliIO } from './io.ts';
import { processIO, runProgram } from './runner.ts';

/** The full executable of a server install: `docs serve | migrate | user`, the sync commands and `docs mcp`. */
export function run(argv: string[], io: CliIO = processIO()): Promise<number | undefined> {
  return runProgram(
    argv,
    io,
    [registerServerCommands, registerSyncCommands, registerUserCommands, registerMcpCommand],
    'Folio: documentation server (`docs serve`) and docs-as-code sync (`docs push|pull|plan|watch`)',
  );
}
