import path from 'node:path';
import { CliFailure, ExitCode } from '../errors.ts';
import type { CliIO } from '../io.ts';
import { DEFAULT_RETRY, SyncClient } from '../sync/client.ts';
import { planJson, planTable, summaryLine } from '../sync/output.ts';
import { planDiffs } from '../sync/planDiff.ts';
import { apiChangesJson, apiChangesText, hasBreaking, specWarningLines } from '../sync/apiGate.ts';
import { brokenLinkLines, problemLine, skippedLines } from '../sync/problems.ts';
import { pull } from '../sync/pull.ts';
import { pullAndCommit } from '../sync/commitPull.ts';
import { DEFAULT_MAX_DELETE_SHARE, push, type PushOutcome } from '../sync/push.ts';
import { DEFAULT_MAX_MOVE_SHARE } from '../sync/moveGuard.ts';
import { resolveSettings, type SettingFlags, type Settings } from '../sync/settings.ts';
import { stopAllWatches, watchFolder } from '../sync/watch.ts';

/**
 * The work behind `docs push|plan|pull|watch|import|export` (registered in sync.ts, loaded only
 * when one of them runs).
 */

export interface SyncFlags extends SettingFlags {
  force?: boolean;
  recreateDeleted?: boolean;
  allowMassDelete?: boolean;
  maxDeleteShare?: string;
  allowMassMove?: boolean;
  maxMoveShare?: string;
  assetsRoot?: string;
  json?: boolean;
  prune?: boolean;
  dryRun?: boolean;
  detailedExitcode?: boolean;
  all?: boolean;
  diff?: boolean;
  exclude?: string[];
  failOnBreaking?: boolean;
  preview?: string;
  expires?: string;
  strict?: boolean;
  commit?: boolean;
  branch?: string;
}

function folderOf(io: CliIO, dir: string | undefined): string {
  return path.resolve(io.cwd, dir ?? '.');
}

/**
 * A client that says on stderr when it waits to try again (rate limit, busy server). `source` names
 * the command to the server (`docs push`, `docs import <file>`): the item's webhook event says it.
 */
function clientFor(io: CliIO, root: string, flags: SyncFlags, source: string): SyncClient {
  return new SyncClient(
    resolveSettings(flags, io.env, root),
    undefined,
    {
      ...DEFAULT_RETRY,
      onRetry: ({ action, reason, waitMs, attempt }) =>
        io.stderr(`${action}: ${reason}; trying again in ${(waitMs / 1000).toFixed(1)} s (retry ${attempt} of ${DEFAULT_RETRY.attempts - 1})\n`),
    },
    source,
  );
}

/** Prints a push or plan outcome: the table (or JSON) on stdout, the verdict on stderr. */
function report(io: CliIO, outcome: PushOutcome, flags: SyncFlags, dryRun: boolean, extra: Record<string, unknown> = {}): void {
  if (flags.json) {
    const skipped = outcome.skipped.map((p) => ({ path: p.relPath, reason: p.message }));
    const links = outcome.links.map((p) => ({ path: p.relPath, line: p.line, problem: p.message }));
    io.stdout(
      `${JSON.stringify({ ...planJson(outcome.plan), api_changes: apiChangesJson(outcome.apiChanges), applied: outcome.applied, conflict_files: outcome.conflictFiles, skipped, links, dry_run: dryRun, ...extra })}\n`,
    );
  } else io.stdout(planTable(outcome.plan, { all: flags.all }) + apiChangesText(outcome.apiChanges));
  if (outcome.skipped.length) io.stderr(`${skippedLines(outcome.skipped).trimStart()}\n`);
  if (outcome.links.length) io.stderr(brokenLinkLines(outcome.links));
  for (const w of outcome.warnings ?? []) io.stderr(`warning: docs push would stop: ${w}\n`);
  io.stderr(specWarningLines(outcome.apiChanges));
  if (outcome.catalogOrders.length)
    io.stderr(`${dryRun ? 'would set' : 'set'} the order of ${outcome.catalogOrders.length} catalog(s) from .docs-order.json\n`);
  if (outcome.plan.orphans.length) io.stderr(`${outcome.plan.orphans.length} server page(s) have no local file; --prune moves them to the recycle bin\n`);
  // Left out because git says so (an older version, a page deleted on the server): named, never silent.
  for (const e of outcome.plan.entries) if (e.action === 'skip') io.stderr(`skipped ${e.relPath}: ${e.detail}\n`);
  for (const k of outcome.plan.kept)
    io.stderr(`kept ${k.server.source_path ?? [...k.server.cat_path, k.server.page_title].join('/')} (page ${k.server.page_id}): ${k.reason}\n`);
  if (outcome.exitCode === ExitCode.BROKEN_LINKS && outcome.links.length && flags.strict) {
    io.stderr(
      `${outcome.links.length} broken link(s) or reference(s): ${dryRun ? 'docs push --strict would write nothing' : 'nothing was pushed'} (--strict, exit 2)\n`,
    );
  } else if (outcome.exitCode === ExitCode.BREAKING) {
    const files = outcome.apiChanges.filter((r) => r.diff.summary.breaking).map((r) => `${r.source} (${r.diff.summary.breaking} breaking)`);
    io.stderr(
      `breaking API change: ${files.join(', ')}; ${dryRun ? 'docs push --fail-on-breaking would write nothing' : 'nothing was pushed'} (--fail-on-breaking, exit 4)\n`,
    );
  } else if (outcome.exitCode === ExitCode.CONFLICT) {
    io.stderr(
      dryRun
        ? `conflict: ${outcome.conflictFiles.filter(Boolean).join(', ')} changed on the server and locally; docs push writes the server versions beside them\n`
        : `conflict: nothing was pushed. The server's version of each file is beside it as <file>.server: merge it into the file, delete the .server copy and push again:\n${outcome.conflictFiles.map((f) => `  ${f}\n`).join('')}`,
    );
  } else if (!dryRun) io.stderr(`pushed ${outcome.applied} change(s) (${summaryLine(outcome.plan)})\n`);
}

export async function pushCommand(io: CliIO, dir: string | undefined, flags: SyncFlags): Promise<void> {
  const root = folderOf(io, dir);
  const dryRun = !!flags.dryRun;
  if (flags.preview !== undefined) return previewPushCommand(io, root, flags);
  if (flags.expires !== undefined) throw new CliFailure('--expires: only with --preview NAME');
  const client = clientFor(io, root, flags, 'docs push');
  const outcome = await push(
    {
      root,
      settings: client.settings,
      prune: !!flags.prune,
      dryRun,
      folder: { exclude: flags.exclude },
      failOnBreaking: !!flags.failOnBreaking,
      ...safetyOf(flags, client.settings),
    },
    io,
    client,
  );
  if (dryRun) gateDryRun(outcome, flags);
  report(io, outcome, flags, dryRun);
  io.exitCode = outcome.exitCode;
}

/** `docs push --preview NAME`: the push into the preview, its URL on stderr (and in --json). */
async function previewPushCommand(io: CliIO, root: string, flags: SyncFlags): Promise<void> {
  if (flags.dryRun) throw new CliFailure('--preview with --dry-run: docs plan shows what a push would change in the item itself');
  const { pushPreview, parseExpires } = await import('../sync/preview.ts');
  const client = clientFor(io, root, flags, `docs push --preview ${flags.preview}`);
  const expiresHours = parseExpires(flags.expires);
  const { outcome, preview, created, removed } = await pushPreview(
    {
      root,
      settings: client.settings,
      prune: !!flags.prune,
      dryRun: false,
      folder: { exclude: flags.exclude },
      failOnBreaking: !!flags.failOnBreaking,
      ...safetyOf(flags, client.settings),
      name: flags.preview!,
      expiresHours,
    },
    io,
    client,
  );
  report(io, outcome, flags, false, { preview, removed });
  // Pages whose file the pull request deleted are not in the preview (pushPreview always prunes).
  if (removed) io.stderr(`removed ${removed} page(s) from the preview: their files are gone from the folder\n`);
  io.stderr(`preview ${preview.name} ${created ? 'created' : 'updated'}: ${preview.url} (expires ${preview.expires_at})\n`);
  io.exitCode = outcome.exitCode;
}

export async function previewListCommand(io: CliIO, flags: SyncFlags): Promise<void> {
  const { listPreviews } = await import('../sync/preview.ts');
  const previews = await listPreviews(clientFor(io, io.cwd, flags, 'docs preview list'));
  if (flags.json) io.stdout(`${JSON.stringify({ previews })}\n`);
  else for (const p of previews) io.stdout(`${p.name}\t${p.url}\texpires ${p.expires_at}\n`);
  if (!flags.json && !previews.length) io.stderr('no previews\n');
  io.exitCode = ExitCode.OK;
}

export async function previewDeleteCommand(io: CliIO, name: string, flags: SyncFlags): Promise<void> {
  const { deletePreview } = await import('../sync/preview.ts');
  await deletePreview(clientFor(io, io.cwd, flags, 'docs preview delete'), name);
  if (flags.json) io.stdout(`${JSON.stringify({ deleted: name })}\n`);
  io.stderr(`deleted preview ${name}\n`);
  io.exitCode = ExitCode.OK;
}

export async function planCommand(io: CliIO, dir: string | undefined, flags: SyncFlags): Promise<void> {
  const root = folderOf(io, dir);
  const client = clientFor(io, root, flags, 'docs plan');
  const outcome = await push(
    { root, settings: client.settings, prune: !!flags.prune, dryRun: true, folder: { exclude: flags.exclude }, ...safetyOf(flags, client.settings) },
    io,
    client,
  );
  gateDryRun(outcome, flags);
  report(io, outcome, flags, true);
  if (flags.diff && !flags.json) io.stdout(await planDiffs(root, outcome.plan, client));
  const pending =
    outcome.catalogOrders.length > 0 || outcome.plan.entries.some((e) => e.action !== 'unchanged' && e.action !== 'conflict' && e.action !== 'skip');
  io.exitCode = outcome.exitCode !== ExitCode.OK ? outcome.exitCode : flags.detailedExitcode && pending ? ExitCode.PENDING : ExitCode.OK;
}

/** A plan (or push --dry-run) with --fail-on-breaking says in its exit code what the push would do: 4 before conflicts' 3. */
function gateDryRun(outcome: PushOutcome, flags: SyncFlags): void {
  if (flags.failOnBreaking && hasBreaking(outcome.apiChanges)) outcome.exitCode = ExitCode.BREAKING;
}

export async function pullCommand(io: CliIO, dir: string | undefined, flags: SyncFlags): Promise<void> {
  const root = folderOf(io, dir);
  if (flags.branch !== undefined && !flags.commit) throw new CliFailure('--branch: only with --commit');
  const client = clientFor(io, root, flags, 'docs pull');
  const outcome = flags.commit ? await pullAndCommit(root, io, client, { branch: flags.branch }) : { ...(await pull(root, io, client)), commits: undefined };
  if (flags.json)
    io.stdout(
      `${JSON.stringify({ written: outcome.written, removed: outcome.removed, merged: outcome.merged, conflict_files: outcome.conflictFiles, ...(outcome.commits ? { commits: outcome.commits } : {}) })}\n`,
    );
  else {
    for (const f of outcome.written) io.stdout(`wrote   ${f}\n`);
    for (const f of outcome.merged) io.stdout(`merged  ${f}\n`);
    for (const f of outcome.removed) io.stdout(`removed ${f}\n`);
    for (const c of outcome.commits ?? []) io.stdout(`commit  ${c}\n`);
  }
  if (outcome.conflictFiles.length)
    io.stderr(
      `conflict: edited locally and on the server; the server version is beside each as <file>.server:\n${outcome.conflictFiles.map((f) => `  ${f}\n`).join('')}`,
    );
  else io.stderr(`pulled ${outcome.written.length + outcome.merged.length} file(s) into ${root}\n`);
  io.exitCode = outcome.exitCode;
}

/**
 * `docs watch`: every sync pushes what it can. A conflicting page gets its `.server` copy and is
 * named; the other changes still go through (nothing is deleted until the conflict is resolved).
 */
export async function watchCommand(io: CliIO, dir: string | undefined, flags: SyncFlags & { debounce: string }): Promise<void> {
  const root = folderOf(io, dir);
  const client = clientFor(io, root, flags, 'docs watch');
  const debounceMs = Math.min(5000, Math.max(50, Number(flags.debounce) || 400));
  const handle = watchFolder(
    root,
    io,
    async () => {
      const started = Date.now();
      const outcome = await push(
        {
          root,
          settings: client.settings,
          prune: !!flags.prune,
          dryRun: false,
          folder: { exclude: flags.exclude },
          aroundConflicts: true,
          ...safetyOf(flags, client.settings),
        },
        io,
        client,
      );
      const time = new Date().toISOString().slice(11, 19);
      if (flags.json)
        io.stdout(
          `${JSON.stringify({ at: new Date().toISOString(), ...planJson(outcome.plan), applied: outcome.applied, conflict_files: outcome.conflictFiles })}\n`,
        );
      else {
        if (outcome.conflictFiles.length)
          io.stderr(
            `${time} conflict in ${outcome.conflictFiles.join(', ')}: merge the .server copy into each file and delete the copy; the other changes were pushed\n`,
          );
        for (const p of outcome.skipped) io.stderr(`${time} skipped ${problemLine(p)}\n`);
        io.stderr(`${time} synced: ${summaryLine(outcome.plan)} (${Date.now() - started} ms)\n`);
      }
    },
    { debounceMs, exclude: flags.exclude },
  );
  process.once('SIGINT', () => void stopAllWatches());
  process.once('SIGTERM', () => void stopAllWatches());
  await handle.ready;
  io.stderr(`watching ${root} (Ctrl+C stops)\n`);
  io.exitCode = undefined;
}

/** `--item`: the api key already names the item; a different id is a mistake worth stopping for. */
async function checkItem(client: SyncClient, item: string | undefined): Promise<void> {
  if (item === undefined) return;
  const { item: actual } = await client.tree();
  if (String(actual.item_id) !== item.trim()) throw new CliFailure(`--item ${item}: the api key belongs to item ${actual.item_id} ("${actual.item_name}")`);
}

export async function importCommand(io: CliIO, file: string, flags: SyncFlags & { catalog?: string; item?: string }): Promise<void> {
  const client = clientFor(io, io.cwd, flags, `docs import ${path.basename(file)}`);
  await checkItem(client, flags.item);
  const { importIntoItem, importWarningLines } = await import('../sync/transfer.ts');
  const { plan, warnings } = await importIntoItem(path.resolve(io.cwd, file), io, client, { catalog: flags.catalog, dryRun: !!flags.dryRun });
  // The web import's warnings (a zip's entries left out for their names, an OpenAPI file's validation problems), on stderr.
  io.stderr(importWarningLines(path.basename(file), warnings));
  if (flags.json)
    io.stdout(
      `${JSON.stringify({ ...planJson(plan), dry_run: !!flags.dryRun, ...(warnings ? { warnings: warnings.warnings, warnings_total: warnings.total, warnings_kind: warnings.kind } : {}) })}\n`,
    );
  else io.stdout(planTable(plan));
  io.exitCode = ExitCode.OK;
}

export async function exportCommand(io: CliIO, flags: SyncFlags & { format: string; output?: string; item?: string }): Promise<void> {
  if (flags.format !== 'markdown' && flags.format !== 'word' && flags.format !== 'xlsx')
    throw new CliFailure(`--format: "${flags.format}" is not markdown, word or xlsx`);
  const client = clientFor(io, io.cwd, flags, 'docs export');
  await checkItem(client, flags.item);
  // The format modules (Word, zip) load only for import/export, not for every push.
  const { exportItem } = await import('../sync/transfer.ts');
  const out = await exportItem(client, io, { format: flags.format, output: flags.output, cwd: io.cwd });
  if (flags.json) io.stdout(`${JSON.stringify(out)}\n`);
  else io.stdout(`${out.file}\n`);
  io.stderr(`wrote ${out.bytes} bytes\n`);
  io.exitCode = ExitCode.OK;
}

/**
 * --force, --allow-mass-delete, --max-delete-share, --strict and --assets-root as push options; the last two
 * fall back to `.docs.json` (`max_delete_share`, `assets_root`), then to the defaults.
 */
function safetyOf(flags: SyncFlags, settings: Settings) {
  const share = shareFlag('--max-delete-share', flags.maxDeleteShare, settings.maxDeleteShare ?? DEFAULT_MAX_DELETE_SHARE);
  const moveShare = shareFlag('--max-move-share', flags.maxMoveShare, settings.maxMoveShare ?? DEFAULT_MAX_MOVE_SHARE);
  const assetsRoot = flags.assetsRoot ?? settings.assetsRoot;
  return {
    force: !!flags.force,
    recreateDeleted: !!flags.recreateDeleted,
    allowMassDelete: !!flags.allowMassDelete,
    maxDeleteShare: share,
    allowMassMove: !!flags.allowMassMove,
    maxMoveShare: moveShare,
    strict: !!flags.strict,
    ...(assetsRoot !== undefined ? { assetsRoot } : {}),
  };
}

/** A guard's share from its flag (0..1), else the fallback. */
function shareFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const share = Number(value);
  if (!value.trim() || !Number.isFinite(share) || share < 0 || share > 1) throw new CliFailure(`${name}: "${value}" is not a number from 0 to 1`);
  return share;
}
