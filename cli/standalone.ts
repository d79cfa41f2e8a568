/**
 * Entry of the stand-alone CLI package (@folio/docs-cli, bundled into cli/dist/docs.js by
 * scripts/build-cli.ts): the docs-as-code commands only, for CI jobs that must not install the
 * server. The server install runs cli/main.ts through bin/docs instead.
 */
import { registerMcpCommand } from './commands/mcp.ts';
import { registerSyncCommands } from './commands/sync.ts';
import { processIO, runProgram } from './runner.ts';

const code = await runProgram(
  process.argv,
  processIO(),
  [registerSyncCommands, registerMcpCommand],
  'Folio docs-as-code sync: push, pull, plan, watch, import, export, and mcp for AI assistants (the server is installed separately)',
);
if (typeof code === 'number') process.exitCode = code;
