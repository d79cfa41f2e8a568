import path from 'node:path';
import type { Command } from 'commander';
import { CliFailure, ExitCode } from '../errors.ts';
import type { CliIO } from '../program.ts';
import { SyncClient } from '../sync/client.ts';
import { planJson, planTable, summaryLine } from '../sync/output.ts';
import { pull } from '../sync/pull.ts';
import { push, type PushOutcome } from '../sync/push.ts';
import { resolveSettings, type SettingFlags } from '../sync/settings.ts';
import { exportItem, importIntoItem } from '../sync/transfer.ts';
import { stopAllWatches, watchFolder } from '../sync/watch.ts';

interface SyncFlags extends SettingFlags {
  json?: boolean;
  prune?: boolean;
  dryRun?: boolean;
  detailedExitcode?: boolean;
  all?: boolean;
  force?: boolean;
  allowMassDelete?: boolean;
  maxDeleteShare?: string;
  assetsRoot?: string;
}

/** The CI-safety flags of push/plan/watch (cli/sync/push.ts). */
function withSafety(cmd: Command): Command {
  return cmd
    .option('--force', 'overwrite pages changed on the server since the last sync (without it: conflict, exit 3)')
    .option('--allow-mass-delete', 'let --prune delete more than --max-delete-share of the item, or from a folder without pages')
    .option('--max-delete-share <share>', 'largest share of the item one push may delete, 0..1', '0.25')
    .option('--assets-root <dir>', 'folder that root-relative references (/logo.svg) resolve in (default: public/ or static/ when present)');
}

function safetyOf(flags: SyncFlags) {
  const share = Number(flags.maxDeleteShare ?? '0.25');
  if (!Number.isFinite(share) || share < 0 || share > 1) throw new CliFailure(`--max-delete-share: "${flags.maxDeleteShare}" is not a number from 0 to 1`);
  return { force: !!flags.force, allowMassDelete: !!flags.allowMassDelete, maxDeleteShare: share, ...(flags.assetsRoot !== undefined ? { assetsRoot: flags.assetsRoot } : {}) };
}

function withConnection(cmd: Command): Command {
  return cmd
    .option('--server <url>', 'Folio server URL (env DOCS_SERVER)')
    .option('--api-key <key>', "the item's api_key (env DOCS_API_KEY)")
    .option('--api-token <token>', "the item's api_token (env DOCS_API_TOKEN)")
    .option('--json', 'print a JSON result on stdout, for scripts');
}

function folderOf(io: CliIO, dir: string | undefined): string {
  return path.resolve(io.cwd, dir ?? '.');
}

function clientFor(io: CliIO, root: string, flags: SyncFlags): SyncClient {
  return new SyncClient(resolveSettings(flags, io.env, root));
}

/** Prints a push or plan outcome: the table (or JSON) on stdout, the verdict on stderr. */
function report(io: CliIO, outcome: PushOutcome, flags: SyncFlags, dryRun: boolean): void {
  if (flags.json) io.stdout(`${JSON.stringify({ ...planJson(outcome.plan), applied: outcome.applied, conflict_files: outcome.conflictFiles, dry_run: dryRun })}\n`);
  else io.stdout(planTable(outcome.plan, { all: flags.all }));
  if (outcome.plan.orphans.length) io.stderr(`${outcome.plan.orphans.length} server page(s) have no local file; --prune moves them to the recycle bin\n`);
  for (const k of outcome.plan.kept) io.stderr(`kept ${k.server.source_path ?? [...k.server.cat_path, k.server.page_title].join('/')} (page ${k.server.page_id}): ${k.reason}\n`);
  if (outcome.exitCode === ExitCode.CONFLICT) {
    io.stderr(
      dryRun
        ? `conflict: ${outcome.conflictFiles.filter(Boolean).join(', ')} changed on the server and locally; docs push writes the server versions beside them\n`
        : `conflict: nothing was pushed. The server's version of each file is beside it as <file>.server: merge it into the file, delete the .server copy and push again:\n${outcome.conflictFiles.map((f) => `  ${f}\n`).join('')}`,
    );
  } else if (!dryRun) io.stderr(`pushed ${outcome.applied} change(s) (${summaryLine(outcome.plan)})\n`);
}

/** `docs push`, `docs plan`, `docs pull`, `docs watch`: the docs-as-code side of the executable. */
export function registerSyncCommands(program: Command, io: CliIO): void {
  registerSyncFolderCommands(program, io);
  registerTransferCommands(program, io);
}

function registerSyncFolderCommands(program: Command, io: CliIO): void {
  withSafety(withConnection(program.command('push [dir]')))
    .description('push a folder of Markdown (and OpenAPI/Postman files) to an item: only what changed')
    .option('--prune', 'move server pages that have no local file to the recycle bin')
    .option('--dry-run', 'show the plan and change nothing (same as docs plan)')
    .option('--all', 'list unchanged pages too')
    .action(async (dir: string | undefined, flags: SyncFlags) => {
      const root = folderOf(io, dir);
      const dryRun = !!flags.dryRun;
      const outcome = await push({ root, settings: clientFor(io, root, flags).settings, prune: !!flags.prune, dryRun, ...safetyOf(flags) }, io);
      report(io, outcome, flags, dryRun);
      io.exitCode = outcome.exitCode;
    });

  withSafety(withConnection(program.command('plan [dir]')))
    .description('show what docs push would do (create / update / move / delete / unchanged / conflict)')
    .option('--prune', 'plan deletions of server pages that have no local file')
    .option('--detailed-exitcode', 'exit 2 when changes are pending, 0 when there is nothing to do')
    .option('--all', 'list unchanged pages too')
    .action(async (dir: string | undefined, flags: SyncFlags) => {
      const root = folderOf(io, dir);
      const outcome = await push({ root, settings: clientFor(io, root, flags).settings, prune: !!flags.prune, dryRun: true, ...safetyOf(flags) }, io);
      report(io, outcome, flags, true);
      const pending = outcome.plan.entries.some((e) => e.action !== 'unchanged' && e.action !== 'conflict');
      io.exitCode = outcome.exitCode !== ExitCode.OK ? outcome.exitCode : flags.detailedExitcode && pending ? ExitCode.PENDING : ExitCode.OK;
    });

  withConnection(program.command('pull [dir]'))
    .description("write the item's pages into a folder (with the state that makes the next push a no-op)")
    .action(async (dir: string | undefined, flags: SyncFlags) => {
      const root = folderOf(io, dir);
      const outcome = await pull(root, io, clientFor(io, root, flags));
      if (flags.json) io.stdout(`${JSON.stringify({ written: outcome.written, removed: outcome.removed, merged: outcome.merged, conflict_files: outcome.conflictFiles })}\n`);
      else {
        for (const f of outcome.written) io.stdout(`wrote   ${f}\n`);
        for (const f of outcome.merged) io.stdout(`merged  ${f}\n`);
        for (const f of outcome.removed) io.stdout(`removed ${f}\n`);
      }
      if (outcome.conflictFiles.length) io.stderr(`conflict: edited locally and on the server; the server version is beside each as <file>.server:\n${outcome.conflictFiles.map((f) => `  ${f}\n`).join('')}`);
      else io.stderr(`pulled ${outcome.written.length + outcome.merged.length} file(s) into ${root}\n`);
      io.exitCode = outcome.exitCode;
    });

  withSafety(withConnection(program.command('watch [dir]')))
    .description('push the folder now and again on every change (debounced); Ctrl+C stops')
    .option('--prune', 'also move pages whose file was deleted to the recycle bin')
    .option('--debounce <ms>', 'quiet time before a push, in milliseconds', '400')
    .action(async (dir: string | undefined, flags: SyncFlags & { debounce: string }) => {
      const root = folderOf(io, dir);
      const client = clientFor(io, root, flags);
      const debounceMs = Math.min(5000, Math.max(50, Number(flags.debounce) || 400));
      const handle = watchFolder(
        root,
        io,
        async () => {
          const started = Date.now();
          const outcome = await push({ root, settings: client.settings, prune: !!flags.prune, dryRun: false, ...safetyOf(flags) }, io, client);
          const time = new Date().toISOString().slice(11, 19);
          if (flags.json) io.stdout(`${JSON.stringify({ at: new Date().toISOString(), ...planJson(outcome.plan), applied: outcome.applied, conflict_files: outcome.conflictFiles })}\n`);
          else if (outcome.exitCode === ExitCode.CONFLICT) io.stderr(`${time} conflict in ${outcome.conflictFiles.join(', ')}: resolve the .server copies\n`);
          else io.stderr(`${time} synced: ${summaryLine(outcome.plan)} (${Date.now() - started} ms)\n`);
        },
        { debounceMs },
      );
      process.once('SIGINT', () => void stopAllWatches());
      process.once('SIGTERM', () => void stopAllWatches());
      await handle.ready;
      io.stderr(`watching ${root} (Ctrl+C stops)\n`);
      io.exitCode = undefined;
    });
}

/** `--item`: the api key already names the item; a different id is a mistake worth stopping for. */
async function checkItem(client: SyncClient, item: string | undefined): Promise<void> {
  if (item === undefined) return;
  const { item: actual } = await client.tree();
  if (String(actual.item_id) !== item.trim()) throw new CliFailure(`--item ${item}: the api key belongs to item ${actual.item_id} ("${actual.item_name}")`);
}

/** `docs import <file>` and `docs export`: one file in, the whole item out, through the shared format modules. */
export function registerTransferCommands(program: Command, io: CliIO): void {
  withConnection(program.command('import <file>'))
    .option('--item <id>', "check that the api key is this item's (the key decides the item)")
    .description("import an OpenAPI/Swagger, Postman or ShowDoc/Markdown zip file into the key's item (re-imports update in place)")
    .option('--catalog <path>', 'catalog path to import under, e.g. "API/v2" (default: named after the API; zips at the root)')
    .option('--dry-run', 'show the plan and change nothing')
    .action(async (file: string, flags: SyncFlags & { catalog?: string; item?: string }) => {
      const client = clientFor(io, io.cwd, flags);
      await checkItem(client, flags.item);
      const plan = await importIntoItem(path.resolve(io.cwd, file), io, client, { catalog: flags.catalog, dryRun: !!flags.dryRun });
      if (flags.json) io.stdout(`${JSON.stringify({ ...planJson(plan), dry_run: !!flags.dryRun })}\n`);
      else io.stdout(planTable(plan));
      io.exitCode = ExitCode.OK;
    });

  withConnection(program.command('export'))
    .option('--item <id>', "check that the api key is this item's (the key decides the item)")
    .description("write the key's item as a Markdown zip (ShowDoc-compatible) or a Word document")
    .option('--format <format>', 'markdown or word', 'markdown')
    .option('-o, --output <file>', 'where to write (default: <item name>.zip or .docx here)')
    .action(async (flags: SyncFlags & { format: string; output?: string; item?: string }) => {
      if (flags.format !== 'markdown' && flags.format !== 'word') throw new CliFailure(`--format: "${flags.format}" is not markdown or word`);
      const client = clientFor(io, io.cwd, flags);
      await checkItem(client, flags.item);
      const out = await exportItem(client, io, { format: flags.format, output: flags.output, cwd: io.cwd });
      if (flags.json) io.stdout(`${JSON.stringify(out)}\n`);
      else io.stdout(`${out.file}\n`);
      io.stderr(`wrote ${out.bytes} bytes\n`);
      io.exitCode = ExitCode.OK;
    });
}
