import type { Command } from 'commander';
import type { CliIO } from '../io.ts';
import type { SyncFlags } from './syncActions.ts';

/** The sync code loads only when a sync command runs, so `docs --help` and `docs serve` never pay for it. */
const actions = () => import('./syncActions.ts');

function withConnection(cmd: Command): Command {
  return cmd
    .option('--server <url>', 'Folio server URL (env DOCS_SERVER)')
    .option('--api-key <key>', "the item's api_key (env DOCS_API_KEY)")
    .option('--api-token <token>', "the item's api_token (env DOCS_API_TOKEN)")
    .option('--json', 'print a JSON result on stdout, for scripts');
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The CI-safety flags of push/plan/watch (cli/sync/push.ts). */
function withSafety(cmd: Command): Command {
  return cmd
    .option('--force', 'overwrite pages changed on the server since the last sync (without it: conflict, exit 3)')
    .option('--recreate-deleted', 'in a git work tree: make a new page for a file whose page was deleted on the server (without it: reported and left out)')
    .option('--allow-mass-delete', 'let --prune delete more than --max-delete-share of the item, or from a folder without pages')
    .option('--max-delete-share <share>', 'largest share of the item one push may delete, 0..1 (default: .docs.json max_delete_share, else 0.25)')
    .option('--allow-mass-move', 'let a push move or rename more than --max-move-share of the item (the wrong-folder guard)')
    .option('--max-move-share <share>', 'largest share of the item one push may move or rename, 0..1 (default: .docs.json max_move_share, else 0.25)')
    .option(
      '--assets-root <dir>',
      'folder that root-relative references (/logo.png) resolve in (default: .docs.json assets_root, else public/ or static/ when present)',
    )
    .option('--strict', 'broken links, anchors and references are fatal: write nothing and exit 2 (without it they are listed)');
}

function withSelection(cmd: Command): Command {
  return cmd.option('--exclude <glob>', 'leave out files matching this gitignore-style pattern (repeatable; adds to .docsignore)', collect);
}

/** `docs push`, `docs plan`, `docs pull`, `docs watch`, `docs import`, `docs export`: the docs-as-code side of the executable. */
export function registerSyncCommands(program: Command, io: CliIO): void {
  withSafety(withSelection(withConnection(program.command('push [dir]'))))
    .description('push a folder of Markdown (and OpenAPI/Postman files) to an item: only what changed')
    .option('--prune', 'move server pages that have no local file to the recycle bin')
    .option('--dry-run', 'show the plan and change nothing (same as docs plan)')
    .option('--fail-on-breaking', "write nothing and exit 4 when a pushed OpenAPI/Postman file has a breaking change against the server's latest version")
    .option('--all', 'list unchanged pages too')
    .option('--preview <name>', 'push into the preview NAME of the item (made on first use as a copy of the item; e.g. pr-42) and print its URL')
    .option(
      '--expires <time>',
      "with --preview: delete the preview this long after this push, in hours or days (48, 48h, 2d; at most the server's PREVIEW_TTL_HOURS)",
    )
    .action(async (dir: string | undefined, flags: SyncFlags) => (await actions()).pushCommand(io, dir, flags));

  withSafety(withSelection(withConnection(program.command('plan [dir]'))))
    .description('show what docs push would do (create / update / move / delete / unchanged / conflict) and every file that blocks it')
    .option('--prune', 'plan deletions of server pages that have no local file')
    .option('--diff', 'show the content changes of creates and updates as a unified diff')
    .option('--detailed-exitcode', 'exit 2 when changes are pending, 0 when there is nothing to do')
    .option('--fail-on-breaking', "exit 4 when an OpenAPI/Postman file has a breaking change against the server's latest version")
    .option('--all', 'list unchanged pages too')
    .action(async (dir: string | undefined, flags: SyncFlags) => (await actions()).planCommand(io, dir, flags));

  const preview = program.command('preview').description('pull-request previews of the item (docs push --preview NAME makes them)');
  withConnection(preview.command('list'))
    .description("list the item's live previews with their URLs and expiry")
    .action(async (flags: SyncFlags) => (await actions()).previewListCommand(io, flags));
  withConnection(preview.command('delete <name>'))
    .description('delete the preview NAME (e.g. when its pull request closes)')
    .action(async (name: string, flags: SyncFlags) => (await actions()).previewDeleteCommand(io, name, flags));

  withConnection(program.command('pull [dir]'))
    .description("write the item's pages into a folder (with the state that makes the next push a no-op)")
    .option('--commit', 'in a git work tree: commit each page changed on the server as its own commit (author and date of its revision)')
    .option('--branch <name>', 'with --commit: commit on this branch (created from HEAD when missing)')
    .action(async (dir: string | undefined, flags: SyncFlags) => (await actions()).pullCommand(io, dir, flags));

  withSafety(withSelection(withConnection(program.command('watch [dir]'))))
    .description('push the folder now and again on every change (debounced); Ctrl+C stops')
    .option('--prune', 'also move pages whose file was deleted to the recycle bin')
    .option('--debounce <ms>', 'quiet time before a push, in milliseconds', '400')
    .action(async (dir: string | undefined, flags: SyncFlags & { debounce: string }) => (await actions()).watchCommand(io, dir, flags));

  withConnection(program.command('import <file>'))
    .option('--item <id>', "check that the api key is this item's (the key decides the item)")
    .description(
      "import an OpenAPI/Swagger, Postman, ShowDoc/Markdown zip or (into a spreadsheet item) Excel .xlsx file into the key's item (re-imports update in place)",
    )
    .option('--catalog <path>', 'catalog path to import under, e.g. "API/v2" (default: the item root, where the web import puts them)')
    .option('--dry-run', 'show the plan and change nothing')
    .action(async (file: string, flags: SyncFlags & { catalog?: string; item?: string }) => (await actions()).importCommand(io, file, flags));

  withConnection(program.command('export'))
    .option('--item <id>', "check that the api key is this item's (the key decides the item)")
    .description("write the key's item as a Markdown zip (ShowDoc-compatible), a Word document, or (spreadsheet items) an Excel workbook")
    .option('--format <format>', 'markdown, word or xlsx', 'markdown')
    .option('-o, --output <file>', 'where to write (default: <item name>.zip, .docx or .xlsx here)')
    .action(async (flags: SyncFlags & { format: string; output?: string; item?: string }) => (await actions()).exportCommand(io, flags));
}
