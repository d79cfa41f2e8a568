import fs from 'node:fs/promises';
import { ExitCode, CliFailure } from '../errors.ts';
import type { CliIO } from '../io.ts';
import { batchChanges, SyncClient, type Change, type ChangeResult, type ServerTree } from './client.ts';
import { AssetUploader, detectAssetsRoot, oversizedFiles, serverContentOf, toSourceView, type RewriteContext } from './assets.ts';
import { readFolder, fileTitleOf, type FolderOptions, type LocalDoc } from './folder.ts';
import { FolderProblems, itemLimitProblems, type FolderProblem } from './problems.ts';
import { parseMarkdownFile, renderPageFile } from './frontMatter.ts';
import { contentHash } from './hash.ts';
import { merge3 } from './merge.ts';
import { CONFLICT_SUFFIX, writeFileAtomic } from './paths.ts';
import { confinedPath } from './confine.ts';
import { computePlan, type Plan, type PlanEntry } from './plan.ts';
import { DEFAULT_MAX_MOVE_SHARE, massMoveRefusal } from './moveGuard.ts';
import { Progress } from './output.ts';
import { SyncLedger } from './ledger.ts';
import { catalogOrderChanges, type FolderOrder } from './catalogOrder.ts';
import { FILE_READER, loadState, readBase, saveState, type SyncState } from './state.ts';
import { docsFromSpecFiles } from './specFiles.ts';
import { apiChangesOf, hasBreaking, type ApiChangeReport, type PushedApi } from './apiGate.ts';
import { checkLinks } from './links/check.ts';
import { includeContextOf } from './includes/resolve.ts';
import { fileIdentity, foldIncludes } from './includes/identity.ts';
import { applySummaryTitles, inNavigationOrder, readNavigation } from './layouts/nav.ts';
import { applyNavigationOrder, impliedOrderOf } from './layouts/navOrder.ts';
import type { Settings } from './settings.ts';
import { readGitView } from './git/history.ts';
import { repositoryForms } from './repoForm.ts';
import { similarRenames } from './similarity.ts';
import { applyGitDecisions, gitSourceOf } from './git/pushHook.ts';

export interface PushOptions {
  root: string;
  settings: Settings;
  prune: boolean;
  dryRun: boolean;
  /** Overwrite pages changed on the server since the last sync instead of stopping (exit 3). */
  force?: boolean;
  /** Let --prune delete more than `maxDeleteShare` of the item, or delete from an empty folder. */
  allowMassDelete?: boolean;
  /** Largest share of the item's pages one push may delete (default 0.25). */
  maxDeleteShare?: number;
  /** Let a push move or rename more than `maxMoveShare` of the item's pages (moveGuard.ts). */
  allowMassMove?: boolean;
  /** Largest share of the item's pages one push may move or rename (default 0.25). */
  maxMoveShare?: number;
  /** Folder that root-relative references (`/logo.svg`) resolve in; default public/ or static/ when present. */
  assetsRoot?: string;
  /** What to leave out besides `.docsignore` (`--exclude`). */
  folder?: FolderOptions;
  /** Push the other changes when some pages conflict (watch); a plain push writes nothing then. */
  aroundConflicts?: boolean;
  /** Write nothing and exit 4 when a pushed OpenAPI/Postman file breaks its API (cli/sync/apiGate.ts). */
  failOnBreaking?: boolean;
  /** Where the sync state (`.docs/`) lives, default the folder: a preview push keeps its own apart (preview.ts). */
  stateRoot?: string;
  /** Write nothing and exit 2 when the link check finds a broken link or reference (--strict). */
  strict?: boolean;
  /** In a git work tree: files whose page a user deleted on the server make a new page instead of being reported. */
  recreateDeleted?: boolean;
}

/** Default of the mass-deletion guard: a push deletes at most a quarter of the item's pages. */
export const DEFAULT_MAX_DELETE_SHARE = 0.25;

export interface PushOutcome {
  plan: Plan;
  /** Entries written to the server. */
  applied: number;
  /** Files the user must resolve (conflict copies written beside them). */
  conflictFiles: string[];
  exitCode: number;
  /** Files left out on purpose (`.mdx`, symbolic links), to name them. */
  skipped: FolderProblem[];
  /** The API diff of every OpenAPI/Postman file pushed, against the server's latest version of it. */
  apiChanges: ApiChangeReport[];
  /** Catalog orders sent (or, in a plan, to send) from the folders' `.docs-order.json`. */
  catalogOrders: Change[];
  /** What would stop the push that this plan shows (the wrong-folder guard), for `docs plan` to say. */
  warnings?: string[];
  /** Broken links and references, each with file and line (cli/sync/links/check.ts). */
  links: FolderProblem[];
}

/** Reads the folder, the state and the server's tree, and decides every page's fate (merges included). */
async function preparePlan(
  root: string,
  client: SyncClient,
  prune: boolean,
  folderOpts?: FolderOptions,
  force = false,
  /** The command's environment (the job limits of the spec files' worker). */
  env: NodeJS.ProcessEnv = process.env,
  /** Where the sync state lives (PushOptions.stateRoot). */
  stateRoot = root,
  /** --assets-root, else `.docs.json` assets_root (else public/ or static/ when present). */
  configuredAssetsRoot: string | undefined = client.settings.assetsRoot,
  /** Which pages the link check reads: all of them (plan, --strict) or those the push writes. */
  linkScope: 'all' | 'writes' = 'all',
  /** In a git work tree: re-create pages a user deleted on the server (PushOptions.recreateDeleted). */
  recreateDeleted = false,
): Promise<{
  plan: Plan;
  state: SyncState;
  docs: LocalDoc[];
  skipped: FolderProblem[];
  serverPages: number;
  folderPages: number;
  tree: ServerTree;
  apis: PushedApi[];
  orders: FolderOrder[];
  links: FolderProblem[];
}> {
  const treePromise = client.tree();
  treePromise.catch(() => undefined);
  const state = await loadState(stateRoot, client.settings.server);
  // Files unchanged since the last sync (size + mtime) are not read again.
  const folder = await readFolder(root, { ...folderOpts, recorded: state.reader === FILE_READER ? (relPath) => state.pages[relPath] : undefined });
  const apis: PushedApi[] = [];
  // A page's identity covers what its code includes (an edit of only the included file is an update).
  await foldIncludes(folder.docs, includeContextOf(root));
  // The generator's navigation (SUMMARY.md, mkdocs.yml nav, sidebars.js): creation order and SUMMARY titles.
  const nav = readNavigation(root, folder.docs);
  if (nav) {
    applySummaryTitles(folder.docs, nav, (doc) => !!doc.head && parseMarkdownFile(doc.head, doc.relPath).title !== undefined);
    folder.skipped.push(...nav.notes.map((message) => ({ relPath: nav.source, message: `${message} (left out of the navigation order)` })));
  }
  const docs = [...(nav ? inNavigationOrder(folder.docs, nav) : folder.docs), ...(await docsFromSpecFiles(folder.specFiles, folder.problems, root, apis, env))];
  const tree = await treePromise;
  // Pages the navigation lists take their order from it (only where it moved them since the last sync).
  if (nav) applyNavigationOrder(folder.docs, nav, tree.pages);
  const renames = await similarRenames(stateRoot, docs, state, tree.pages, client);
  const plan = computePlan(docs, state, tree.pages, { prune, force, excluded: folder.excludes, renames });
  // In a git work tree, git's history decides what is newer (cli/sync/git/).
  const gitView = await readGitView(
    root,
    docs.filter((d) => !d.source).map((d) => d.relPath),
  );
  if (gitView) applyGitDecisions(plan, gitView, state, tree.deleted ?? [], { force, recreateDeleted });
  // Every file problem and limit, before anything is written (plan and push alike).
  const problems = [...folder.problems, ...itemLimitProblems(plan, { pages: tree.pages.length, catalogs: tree.catalogs.map((c) => c.path) })];
  if (problems.length) throw new FolderProblems(problems, folder.skipped);
  const assetsRoot = await detectAssetsRoot(root, configuredAssetsRoot);
  // Links are checked (issue #21 part 4): every page by a plan and by --strict (fatal in push()); a
  // plain push checks the pages it writes, so a no-op push still reads no file.
  const written =
    linkScope === 'all'
      ? undefined
      : new Set(
          plan.entries
            .filter((e) => e.doc && !e.doc.source && (e.action === 'create' || e.action === 'update' || e.action === 'move'))
            .map((e) => e.doc!.relPath),
        );
  const links = await checkLinks({
    root,
    docs,
    skipped: folder.skipped,
    excludes: folder.excludes,
    assetsRoot,
    includes: includeContextOf(root),
    ...(written ? { only: written } : {}),
  });
  await settleRewrittenPages(assetsRoot, plan, client);
  markUnresolvedConflicts(plan, folder.conflictCopies);
  await resolveMerges(stateRoot, plan, state, client);
  if (gitView) await gitSourceOf(root, plan, gitView);
  // Attachments the server would refuse for their size are named now, not found out while writing.
  const writes = plan.entries
    .filter((e) => (e.action === 'create' || e.action === 'update' || e.action === 'move') && e.doc && !e.doc.source)
    .map((e) => ({ relPath: e.doc!.relPath, content: e.mergedContent ?? e.doc!.content }));
  const oversized =
    tree.upload_max_bytes && writes.length
      ? await oversizedFiles(root, writes, new Set(docs.filter((d) => !d.source).map((d) => d.relPath)), assetsRoot, tree.upload_max_bytes)
      : [];
  // The folder's pages are its Markdown files AND the pages its OpenAPI/Postman files describe:
  // a folder holding only a spec is not an empty folder to the mass-deletion guard.
  return {
    plan,
    state,
    docs,
    skipped: [...folder.skipped, ...oversized],
    serverPages: tree.pages.length,
    folderPages: docs.length,
    tree,
    apis,
    orders: folder.orders,
    links,
  };
}

/**
 * The mass-deletion guard: a push that would delete more than `share` of the item's pages, or any
 * page while the folder holds none (a wrong path, an empty checkout), is refused before anything
 * is written, unless --allow-mass-delete.
 */
function massDeleteRefusal(deletes: number, serverPages: number, folderPages: number, share: number): string | null {
  if (!deletes) return null;
  if (!folderPages)
    return `refusing to delete ${deletes} page(s): the folder holds no page (wrong folder?). Nothing was written; --allow-mass-delete overrides`;
  if (deletes > share * serverPages) {
    return `refusing to delete ${deletes} of the item's ${serverPages} pages (more than ${Math.round(share * 100)} %). Nothing was written; --allow-mass-delete overrides`;
  }
  return null;
}

/**
 * A page whose server content has rewritten links or images, changed on the server since the
 * sync wrote it (so the file hash cannot tell): compared as the folder sees it, with the original
 * references put back (as a pull writes them where pages moved). Equal → unchanged (and recorded,
 * references as the file has them), not an update.
 */
async function settleRewrittenPages(assetsRoot: string, plan: Plan, client: SyncClient): Promise<void> {
  const candidates = plan.entries.filter(
    (e) =>
      (e.action === 'update' || e.action === 'move' || e.action === 'conflict') &&
      e.doc &&
      !e.doc.source &&
      e.server &&
      (e.server.sync_revision > 0 || !!e.server.sync_hash) &&
      !includesDecide(e),
  );
  if (!candidates.length) return;
  const contents = await client.pages(candidates.map((e) => e.server!.page_id));
  // Where each page's file lies in this folder: links relinked by a pull after a web move compare equal.
  const fileOf = new Map(plan.entries.flatMap((e) => (e.doc && e.server && e.relPath ? [[e.server.page_id, e.relPath] as const] : [])));
  for (const e of candidates) {
    const page = contents.get(e.server!.page_id);
    if (!page?.source_refs) continue;
    const view = toSourceView(page, { to: e.doc!.relPath, pathOf: (id) => fileOf.get(id), assetsRoot });
    const sameMeta =
      e.doc!.title === page.page_title &&
      e.doc!.order === page.s_number &&
      JSON.stringify(e.doc!.catPath) === JSON.stringify(page.cat_path) &&
      page.source_path === e.doc!.relPath;
    if (view.content_hash === e.doc!.hash && sameMeta) {
      e.action = 'unchanged';
      e.detail = '';
      e.needsMerge = false;
      e.confirm = true;
    }
  }
}

/**
 * A page with code includes that nobody changed since the sync wrote it: its file identity (which
 * covers the included files) already decided. Its source form equals the file even when only an
 * included file changed, so comparing that would undo the update.
 */
function includesDecide(e: PlanEntry): boolean {
  return !!e.doc!.includeDigest && e.server!.sync_revision === e.server!.revision && !!e.server!.sync_hash;
}

/** A file whose conflict copy still lies beside it stays a conflict until the user deletes the copy. */
function markUnresolvedConflicts(plan: Plan, copies: Set<string>): void {
  for (const e of plan.entries) {
    if (!e.relPath || e.doc?.source || !copies.has(e.relPath)) continue;
    e.action = 'conflict';
    e.needsMerge = false;
    e.detail = `unresolved: merge ${e.relPath}${CONFLICT_SUFFIX} into ${e.relPath}, then delete ${e.relPath}${CONFLICT_SUFFIX}`;
  }
}

function statePathOf(state: SyncState, pageId: number): string | undefined {
  return Object.entries(state.pages).find(([, s]) => s.page_id === pageId)?.[0];
}

/** Both sides changed a page: merge against the content of the last sync; unmergeable → conflict. */
async function resolveMerges(root: string, plan: Plan, state: SyncState, client: SyncClient): Promise<void> {
  const pending = plan.entries.filter((e) => e.needsMerge && e.action !== 'conflict');
  if (!pending.length) return;
  const contents = await client.pages(pending.map((e) => e.server!.page_id));
  for (const e of pending) {
    const fetched = contents.get(e.server!.page_id);
    const server = fetched && toSourceView(fetched);
    const basePath = statePathOf(state, e.server!.page_id);
    const base = basePath ? await readBase(root, basePath) : null;
    if (!server) {
      e.action = 'conflict';
      e.detail = 'the page vanished from the server while planning';
      continue;
    }
    e.serverContent = server.page_content;
    const merged = base === null || e.doc!.source ? null : merge3(base, e.doc!.content, server.page_content);
    if (merged?.clean) {
      e.mergedContent = merged.text;
      e.detail = 'changed on both sides: merged cleanly';
    } else {
      e.action = 'conflict';
      e.detail =
        base === null
          ? 'changed on both sides and the last synced version is unknown'
          : `changed on both sides: ${merged?.conflicts ?? 1} conflicting region(s)`;
    }
  }
}

/** What the server records about a Markdown file (generated API pages are identified by their stable key instead). */
function sourceOf(
  doc: LocalDoc,
  merged?: string,
): { source_path?: string; source_head?: string | null; source_hash?: string; source_nav_order?: number | null } {
  if (doc.source) return {};
  const fileHash = merged === undefined ? doc.fileHash : fileIdentity(contentHash((doc.head ?? '') + merged), doc.includeDigest);
  return {
    source_path: doc.relPath,
    source_head: doc.head ?? null,
    ...(fileHash ? { source_hash: fileHash } : {}),
    source_nav_order: doc.navOrder ?? null,
    ...doc.git,
  };
}

/** The content the server keeps: with links and images rewritten when the push did that (and the pairs to undo it). */
function serverSide(e: PlanEntry, doc: LocalDoc): { content: string; source_refs?: string | null } {
  if (!e.serverBody) return { content: e.mergedContent ?? doc.content, ...(doc.source ? {} : { source_refs: null }) };
  return { content: e.serverBody.content, source_refs: e.serverBody.refs.length ? JSON.stringify(e.serverBody.refs) : null };
}

function changeFor(e: PlanEntry): Change | null {
  const doc = e.doc;
  if (e.action === 'create' && doc) {
    return {
      op: 'create',
      cat_path: doc.catPath,
      title: doc.title,
      s_number: doc.order,
      ...(doc.key ? { stable_key: doc.key } : {}),
      ...sourceOf(doc),
      ...serverSide(e, doc),
    };
  }
  if ((e.action === 'update' || e.action === 'move') && doc && e.server) {
    return {
      op: 'update',
      page_id: e.server.page_id,
      base_revision: e.server.revision,
      cat_path: doc.catPath,
      title: doc.title,
      s_number: doc.order,
      ...sourceOf(doc, e.mergedContent),
      ...serverSide(e, doc),
    };
  }
  if (e.action === 'unchanged' && e.confirm && doc && e.server)
    return { op: 'confirm', page_id: e.server.page_id, base_revision: e.server.revision, ...sourceOf(doc) };
  if (e.action === 'delete' && e.server) return { op: 'delete', page_id: e.server.page_id, base_revision: e.server.revision };
  return null;
}

/** The state already says exactly this about the page (a no-op push then touches no file). */
function isRecorded(state: SyncState, e: PlanEntry): boolean {
  const s = state.pages[e.doc!.relPath];
  const cat = e.doc!.catPath;
  return (
    !!s &&
    s.page_id === e.server!.page_id &&
    s.revision === e.server!.revision &&
    s.hash === e.doc!.hash &&
    s.title === e.doc!.title &&
    s.order === e.doc!.order &&
    s.cat_path.length === cat.length &&
    s.cat_path.every((c, i) => c === cat[i])
  );
}

/** Writes the server's version beside the local file and takes it as the new base, so the user's resolution pushes normally. */
async function writeConflictCopies(root: string, plan: Plan, ledger: SyncLedger, client: SyncClient): Promise<string[]> {
  // Metadata conflicts were decided without the server's text: fetch it for the copies.
  const withoutText = plan.entries.filter((e) => e.action === 'conflict' && e.doc && e.server && e.serverContent === undefined);
  if (withoutText.length) {
    // In repository form (relative links and paths), as a pull would write the page.
    const contents = await repositoryForms(
      root,
      plan,
      client,
      withoutText.map((e) => e.server!.page_id),
    );
    for (const e of withoutText) {
      e.serverContent = contents.get(e.server!.page_id)?.page_content;
      e.serverHead = contents.get(e.server!.page_id)?.source_head ?? undefined;
    }
  }
  const files: string[] = [];
  for (const e of plan.entries) {
    if (e.action !== 'conflict') continue;
    if (!e.doc || e.serverContent === undefined || !e.server) {
      files.push(e.relPath ?? [...(e.server?.cat_path ?? []), e.server?.page_title].join('/'));
      continue;
    }
    const copy = e.doc.relPath + CONFLICT_SUFFIX;
    const text = renderPageFile(
      { title: e.server.page_title, order: e.server.s_number, body: e.serverContent, head: e.serverHead ?? e.doc.head ?? null },
      fileTitleOf(e.doc.relPath),
      impliedOrderOf(e.server),
    );
    await writeFileAtomic(await confinedPath(root, copy), text);
    const s = e.server;
    ledger.set(
      e.doc.relPath,
      { page_id: s.page_id, revision: s.revision, hash: s.content_hash, title: s.page_title, cat_path: s.cat_path, order: s.s_number },
      e.serverContent,
    );
    files.push(e.doc.relPath);
  }
  return files;
}

/** Replaces a file's body (its front matter stays as written) with merged content. */
async function writeMergedFile(root: string, doc: LocalDoc, merged: string): Promise<void> {
  const file = await confinedPath(root, doc.relPath);
  const text = await fs.readFile(file, 'utf8');
  const head = text.endsWith(doc.content) ? text.slice(0, text.length - doc.content.length) : '';
  await writeFileAtomic(file, head + merged);
}

/**
 * `docs push` / `docs plan`: sends what changed, never overwriting a page changed on the server
 * since the last sync (clean three-way merges are pushed; real conflicts stop the push, exit 3).
 * Deletions happen only with --prune, last, and only when everything else went through.
 */
export async function push(opts: PushOptions, io: CliIO, client = new SyncClient(opts.settings)): Promise<PushOutcome> {
  const { root } = opts;
  const stateRoot = opts.stateRoot ?? root;
  const { plan, state, docs, skipped, serverPages, folderPages, tree, apis, orders, links } = await preparePlan(
    root,
    client,
    opts.prune,
    opts.folder,
    opts.force,
    io.env,
    stateRoot,
    opts.assetsRoot ?? client.settings.assetsRoot,
    opts.dryRun || opts.strict ? 'all' : 'writes',
    opts.recreateDeleted,
  );
  // --strict: a broken link or reference stops the push before anything is written (a plan exits 2 below).
  const linksFatal = !!opts.strict && links.length > 0;
  if (linksFatal && !opts.dryRun)
    return { plan, applied: 0, conflictFiles: [], exitCode: ExitCode.BROKEN_LINKS, skipped, apiChanges: [], catalogOrders: [], links };
  // The pages of an OpenAPI/Postman file are keyed `<file>#<operation>` (stable_key).
  const apiChanges = await apiChangesOf(
    apis,
    client,
    plan.entries.flatMap((e) => (e.action === 'delete' && e.server?.stable_key ? [e.server.stable_key] : [])),
  );
  // Catalog order edited in a folder's .docs-order.json since the last sync.
  const catalogOrders = catalogOrderChanges(orders, tree.catalogs, state, docs, io);
  const deletes = plan.entries.filter((e) => e.action === 'delete').length;
  // The CI gate: a breaking API change stops the push before anything is written. It answers
  // before the mass-deletion guard, which would otherwise hide the breaking change behind exit 1.
  if (!opts.dryRun && opts.failOnBreaking && hasBreaking(apiChanges))
    return { plan, applied: 0, conflictFiles: [], exitCode: ExitCode.BREAKING, skipped, apiChanges, catalogOrders: [], links };
  const refusal = opts.allowMassDelete ? null : massDeleteRefusal(deletes, serverPages, folderPages, opts.maxDeleteShare ?? DEFAULT_MAX_DELETE_SHARE);
  if (refusal) throw new CliFailure(refusal, ExitCode.ERROR);
  // The wrong-folder guard: a push stops (exit 1, nothing written), a plan shows the warning.
  const moveRefusal = opts.allowMassMove ? null : massMoveRefusal(plan, serverPages, opts.maxMoveShare ?? DEFAULT_MAX_MOVE_SHARE);
  if (moveRefusal && !opts.dryRun) throw new CliFailure(moveRefusal, ExitCode.ERROR);
  const conflicts = plan.entries.filter((e) => e.action === 'conflict');
  if (opts.dryRun)
    return {
      plan,
      applied: 0,
      conflictFiles: conflicts.map((e) => e.relPath ?? ''),
      exitCode: conflicts.length ? ExitCode.CONFLICT : linksFatal ? ExitCode.BROKEN_LINKS : ExitCode.OK,
      skipped,
      apiChanges,
      catalogOrders,
      links,
      warnings: moveRefusal ? [moveRefusal] : [],
    };

  const ledger = new SyncLedger(stateRoot, state);
  try {
    let conflictFiles: string[] = [];
    if (conflicts.length) {
      conflictFiles = await writeConflictCopies(root, plan, ledger, client);
      if (!opts.aroundConflicts) return { plan, applied: 0, conflictFiles, exitCode: ExitCode.CONFLICT, skipped, apiChanges, catalogOrders: [], links };
    }
    const pendingLinks = await rewriteReferencesOf(root, plan, tree, client, io, opts.assetsRoot);
    // Pages already equal on both sides still get their state (a first sync, or a revision bump).
    for (const e of plan.entries) {
      if (e.action !== 'unchanged' || !e.doc || !e.server || e.detail) continue;
      if (!isRecorded(state, e)) ledger.record(e.doc, e.server.page_id, e.server.revision, e.doc.content);
      else ledger.noteStat(e.doc.relPath, e.doc);
    }
    // Around conflicts (watch), the other pages go through but nothing is deleted until they are resolved.
    const toApply = conflicts.length ? { ...plan, entries: plan.entries.filter((e) => e.action !== 'delete') } : plan;
    const applied = await applyPlan(
      client,
      toApply,
      io,
      async (e, r) => {
        await afterApplied(root, ledger, e, r);
        // Linked to a page of a later batch: written again once every page exists.
        if (r.unresolved_links && !pendingLinks.entries.includes(e)) pendingLinks.entries.push(e);
      },
      () => ledger.flush(),
      apiChanges.flatMap((r) => (r.upload ? [r.upload] : [])),
    );
    await linkNewPages(pendingLinks, ledger, client);
    for (const batch of batchChanges(catalogOrders)) {
      await client.apply(batch, true);
      for (const c of batch) if (c.op === 'catalog') state.catalogs = { ...state.catalogs, [c.cat_path.join('/')]: c.s_number };
      ledger.dirty = true;
    }
    // Every file was read as this CLI reads it and the server now has what that gave.
    if (!conflicts.length && state.reader !== FILE_READER) {
      state.reader = FILE_READER;
      ledger.dirty = true;
    }
    return {
      plan,
      applied: applied + catalogOrders.length,
      conflictFiles,
      exitCode: conflicts.length ? ExitCode.CONFLICT : ExitCode.OK,
      skipped,
      apiChanges,
      catalogOrders,
      links,
    };
  } finally {
    await ledger.flush();
    // A no-op push leaves state.json as it is.
    if (ledger.dirty) await saveState(stateRoot, state);
  }
}

interface PendingLinks {
  entries: PlanEntry[];
  ctx: RewriteContext;
}

/**
 * Rewrites the links and images of every page the push writes (uploading referenced files once),
 * and answers the pages linking to pages that this push creates: those are written again once
 * the new pages have ids.
 */
async function rewriteReferencesOf(
  root: string,
  plan: Plan,
  tree: ServerTree,
  client: SyncClient,
  io: CliIO,
  configuredRoot: string | undefined,
): Promise<PendingLinks> {
  const writes = plan.entries.filter((e) => (e.action === 'create' || e.action === 'update' || e.action === 'move') && e.doc && !e.doc.source);
  const ids = new Map<string, number>();
  for (const p of tree.pages) if (p.source_path) ids.set(p.source_path, p.page_id);
  for (const e of plan.entries) if (e.doc && e.server) ids.set(e.doc.relPath, e.server.page_id);
  const assetsRoot = await detectAssetsRoot(root, configuredRoot);
  const uploader = new AssetUploader(root, client, io, tree.assets ?? {}, tree.upload_max_bytes, assetsRoot);
  const ctx: RewriteContext = {
    root,
    assetsRoot,
    itemId: tree.item.item_id,
    pages: new Set(plan.entries.filter((e) => e.doc && !e.doc.source).map((e) => e.doc!.relPath)),
    idOf: (relPath) => ids.get(relPath),
    creating: new Set(plan.entries.filter((e) => e.action === 'create' && e.doc && !e.doc.source).map((e) => e.doc!.relPath)),
    uploader,
    includes: includeContextOf(root),
  };
  const pending: PlanEntry[] = [];
  for (const e of writes) {
    const body = await serverContentOf(e.doc!.relPath, e.mergedContent ?? e.doc!.content, ctx);
    e.serverBody = body;
    if (body.pending) pending.push(e);
  }
  return { entries: pending, ctx };
}

/** Second pass for pages linking to pages created in the same push: their links now get ids. */
async function linkNewPages(pending: PendingLinks, ledger: SyncLedger, client: SyncClient): Promise<void> {
  if (!pending.entries.length) return;
  // The state now knows the ids of the pages this push created.
  const ctx: RewriteContext = { ...pending.ctx, creating: new Set(), idOf: (relPath) => pending.ctx.idOf(relPath) ?? ledger.state.pages[relPath]?.page_id };
  const changes: Change[] = [];
  const entries: PlanEntry[] = [];
  for (const e of pending.entries) {
    const synced = ledger.state.pages[e.doc!.relPath];
    if (!synced) continue;
    e.serverBody = await serverContentOf(e.doc!.relPath, e.mergedContent ?? e.doc!.content, ctx);
    changes.push({ op: 'update', page_id: synced.page_id, base_revision: synced.revision, ...sourceOf(e.doc!, e.mergedContent), ...serverSide(e, e.doc!) });
    entries.push(e);
  }
  for (const batch of batchChanges(changes)) {
    const answer = await client.apply(batch, false);
    for (const r of answer.results) {
      if (r.status === 'updated')
        ledger.record(entries[r.index]!.doc!, r.page_id, r.revision, entries[r.index]!.mergedContent ?? entries[r.index]!.doc!.content);
    }
    entries.splice(0, batch.length);
  }
  await ledger.flush();
}

/**
 * Sends a plan's creates, updates and moves, then (only when all of those went through) its
 * deletions, in atomic batches under the server's limits. A batch refused for a conflict that
 * appeared while pushing stops everything (exit 3). Answers the number of changes written.
 */
export async function applyPlan(
  client: SyncClient,
  plan: Plan,
  io: CliIO,
  onApplied: (e: PlanEntry, r: ChangeResult) => Promise<void>,
  afterBatch: () => Promise<void> = async () => undefined,
  /**
   * API descriptions to record: sent with the last batch of writes, in its transaction (or alone
   * when no page changed); an API that is gone (`document: null`) with the last batch of deletes.
   */
  apiVersions: { source: string; stream: string; document: unknown }[] = [],
): Promise<number> {
  const gone = apiVersions.filter((a) => a.document === null);
  const present = apiVersions.filter((a) => a.document !== null);
  const writes = plan.entries.filter((e) => e.action === 'create' || e.action === 'update' || e.action === 'move' || (e.action === 'unchanged' && e.confirm));
  const deletes = plan.entries.filter((e) => e.action === 'delete');
  const progress = new Progress(io, 'pushing', writes.length + deletes.length);
  let applied = 0;
  for (const group of [writes, deletes]) {
    const entries = group.filter((e) => changeFor(e));
    const changes = entries.map((e) => changeFor(e)!);
    let offset = 0;
    const batches = batchChanges(changes);
    const apis = group === writes ? present : gone;
    // No page of the push changed but an API did (a change the pages do not show): record it alone.
    if (group === writes && !batches.length && apis.length) await client.apply([], true, apis);
    for (const [n, batch] of batches.entries()) {
      const slice = entries.slice(offset, offset + batch.length);
      offset += batch.length;
      const withApis = n === batches.length - 1 && apis.length ? apis : undefined;
      const answer = await client.apply(batch, true, withApis).catch((err: unknown) => {
        throw namingTheFile(err, slice);
      });
      if (!answer.applied) throw new CliFailure(refusedBatch(answer.conflicts, slice), ExitCode.CONFLICT);
      for (const r of answer.results) await onApplied(slice[r.index]!, r);
      await afterBatch();
      applied += batch.filter((c) => c.op !== 'confirm').length;
      progress.update(applied);
    }
  }
  return applied;
}

/**
 * The server refused changes of an atomic batch: each file with the server's own reason (what
 * holds the page: who saved which revision, or that it is gone). Nothing of the batch was written.
 */
function refusedBatch(conflicts: { index: number; reason: string }[], slice: PlanEntry[]): string {
  const lines = conflicts.map((c) => `  ${slice[c.index]?.relPath ?? slice[c.index]?.server?.page_title ?? `change ${c.index}`}: ${c.reason}`);
  return `the server refused ${conflicts.length} change(s) of this batch, so nothing of it was written:\n${lines.join('\n')}\n\`docs plan\` shows what the server holds now; the next push plans from it`;
}

/** The server names a refused change by its index in the batch (`changes.3.title: …`): say which file it was. */
function namingTheFile(err: unknown, slice: PlanEntry[]): unknown {
  if (!(err instanceof CliFailure)) return err;
  const m = /changes\.(\d+)\.(\S+)/.exec(err.message);
  const e = m ? slice[Number(m[1])] : undefined;
  if (!e) return err;
  return new CliFailure(`${e.relPath ?? e.server?.page_title}: ${err.message}`, err.exitCode, { cause: err });
}

async function afterApplied(root: string, ledger: SyncLedger, e: PlanEntry, r: ChangeResult): Promise<void> {
  if (r.status === 'deleted') return ledger.forget(r.page_id);
  const content = e.mergedContent ?? e.doc!.content;
  if (e.mergedContent !== undefined && e.mergedContent !== e.doc!.content) await writeMergedFile(root, e.doc!, e.mergedContent);
  ledger.record(e.doc!, r.page_id, r.revision, content);
}
