import fs from 'node:fs/promises';
import path from 'node:path';
import { ExitCode } from '../errors.ts';
import type { CliIO } from '../io.ts';
import { batchChanges, SyncClient, type Change, type ServerPageContent } from './client.ts';
import { docFromText, fileTitleOf } from './folder.ts';
import { renderPageFile } from './frontMatter.ts';
import { summaryTitles } from './layouts/nav.ts';
import { impliedOrderOf } from './layouts/navOrder.ts';
import { contentHash } from './hash.ts';
import { detectAssetsRoot, downloadAssets, toSourceView } from './assets.ts';
import { adoptWebFiles, type WebFiles } from './webFiles.ts';
import { recordCatalogOrders, writeOrderFiles } from './catalogOrder.ts';
import { merge3 } from './merge.ts';
import { Progress } from './output.ts';
import { confinedOrNull, confinedPath } from './confine.ts';
import { assertPullConfined } from './pullGuard.ts';
import { catalogDir, catalogPathOf, CONFLICT_SUFFIX, exists, uniquePagePath, writeFileAtomic } from './paths.ts';
import { SyncLedger } from './ledger.ts';
import { pulledIdentity } from './includes/identity.ts';
import { isStoredVersion } from './git/pullHook.ts';
import { loadState, readBase, saveState, type SyncedPage } from './state.ts';

export interface PullOutcome {
  written: string[];
  removed: string[];
  merged: string[];
  conflictFiles: string[];
  exitCode: number;
  /** Each page whose file this pull wrote or merged, with the files that went with it (`docs pull --commit` commits each). */
  pages: PulledPage[];
}

/** A page the pull brought into the folder: who made its revision and when, and the files it wrote for it. */
export interface PulledPage {
  page_id: number;
  title: string;
  revision: number;
  author_username: string;
  /** The revision's time, unix seconds. */
  addtime: number;
  files: string[];
}

function pulledPage(page: ServerPageContent, files: string[]): PulledPage {
  return {
    page_id: page.page_id,
    title: page.page_title,
    revision: page.revision,
    author_username: page.author_username ?? '',
    addtime: page.addtime ?? 0,
    files,
  };
}

/**
 * The file a server page lands in: the path the server records for it (the file it came from, or
 * the name it got on an earlier pull), whatever its title says now. A page without one (made in
 * the web UI) gets a portable name in its catalog's folder — the path this folder's last sync
 * used for it, else a lower-case slug of its title, unique in the folder — which the server then
 * keeps (`naming` collects them).
 */
function targetPath(ledger: SyncLedger, page: ServerPageContent, taken: Set<string>, naming: Map<number, { to: string; from?: string }>): string {
  if (page.source_path) {
    const dir = catalogDir(page.cat_path);
    // Still in its folder (a web catalog's folder may carry a portable version of its name).
    if (sameCatalogs(catalogPathOf(page.source_path), page.cat_path) || page.source_path.slice(0, Math.max(0, page.source_path.lastIndexOf('/'))) === dir)
      return page.source_path;
    // Moved to another catalog on the web (the page, or its catalog): the file follows, keeping its name.
    const name = page.source_path.slice(page.source_path.lastIndexOf('/') + 1);
    let candidate = dir ? `${dir}/${name}` : name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${dir ? `${dir}/` : ''}${name.replace(/(\.[^.]*)?$/, `-${n}$1`)}`;
    naming.set(page.page_id, { to: candidate, from: page.source_path });
    return candidate;
  }
  const knownPath = ledger.pathOf(page.page_id);
  const candidate =
    knownPath !== undefined && !taken.has(knownPath.toLowerCase()) ? knownPath : uniquePagePath(catalogDir(page.cat_path), page.page_title, taken);
  naming.set(page.page_id, { to: candidate });
  return candidate;
}

/** The Markdown files of a folder (relative, `/`-separated), hidden files and folders left out. */
async function markdownFilesIn(root: string): Promise<string[]> {
  const names = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return names.map((n) => n.split(path.sep).join('/')).filter((rel) => /\.(md|markdown)$/i.test(rel) && !rel.split('/').some((seg) => seg.startsWith('.')));
}

const sameCatalogs = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Tells the server the file names pages got on this pull (and where moved files went), so every later pull (and push) uses them. */
async function recordNames(client: SyncClient, naming: Map<number, { to: string; from?: string }>): Promise<void> {
  const changes: Change[] = [...naming].map(([page_id, { to, from }]) => ({ op: 'name', page_id, source_path: to, ...(from ? { from } : {}) }));
  for (const batch of batchChanges(changes)) await client.apply(batch, false);
}

/**
 * `docs pull`: writes the item as a folder (catalogs → folders, pages → Markdown files with front
 * matter only where title or order need it) and records the state, so a push right after is a
 * no-op. Local edits made since the last sync are merged three-way; a real conflict leaves the
 * file alone and writes the server's version beside it (exit 3).
 */
export async function pull(root: string, io: CliIO, client: SyncClient): Promise<PullOutcome> {
  const [state, tree] = await Promise.all([loadState(root, client.settings.server), client.tree()]);
  const progress = new Progress(io, 'pulling', tree.pages.length);
  const fetched = await client.pages(
    tree.pages.map((p) => p.page_id),
    (done) => progress.update(done),
  );
  const assetsDone = new Set<string>();
  const out: PullOutcome = { written: [], removed: [], merged: [], conflictFiles: [], exitCode: ExitCode.OK, pages: [] };
  // Recorded file paths are reserved first, so a web page's new name never takes a synced file's.
  const inPlace = (p: { source_path: string | null; cat_path: string[] }) =>
    !!p.source_path &&
    (sameCatalogs(catalogPathOf(p.source_path), p.cat_path) || p.source_path.slice(0, Math.max(0, p.source_path.lastIndexOf('/'))) === catalogDir(p.cat_path));
  const taken = new Set<string>(tree.pages.filter(inPlace).map((p) => p.source_path!.toLowerCase()));
  // So are Markdown files no page owns (a draft not pushed yet): a web page's new name never lands on one.
  for (const rel of await markdownFilesIn(root)) if (!state.pages[rel]) taken.add(rel.toLowerCase());
  const naming = new Map<number, { to: string; from?: string }>();
  const livePaths = new Set<string>();
  const confirms: Change[] = [];
  const ledger = new SyncLedger(root, state);
  // The last sync's files, kept aside: entries move as pages are written, the files are dealt with after.
  const before = Object.entries(state.pages);

  // Pages generated from an API description file in this folder stay with that file.
  const generated = new Set(
    Object.values(state.pages)
      .filter((s) => s.source)
      .map((s) => s.page_id),
  );
  const syncedAt = new Map(before);
  // Every page's file first, so links between pages can follow pages that moved.
  const targets = new Map<number, string>();
  for (const page of [...fetched.values()].sort((a, b) => a.page_id - b.page_id)) {
    if (generated.has(page.page_id)) continue;
    const relPath = targetPath(ledger, page, taken, naming);
    taken.add(relPath.toLowerCase());
    targets.set(page.page_id, relPath);
  }
  // Nothing is written before every path the answer names is known to stay inside the folder.
  const folders = tree.catalogs.map((cat) => catalogDir(cat.path)).filter(Boolean);
  await assertPullConfined(root, { treePages: tree.pages, pages: [...fetched.values()], targets, folders });
  await fs.mkdir(root, { recursive: true });
  for (const dir of folders) await fs.mkdir(await confinedPath(root, dir), { recursive: true });
  // Pages as the folder sees them: the links and images the sync rewrote put back as written (relative
  // references adjusted where the page or what it links to moved).
  const assetsRoot = await detectAssetsRoot(root, client.settings.assetsRoot);
  // Files added in the web UI come down beside their page, and web links to pages as relative
  // links, recorded with the page's references.
  const webFiles: WebFiles = { bySign: new Map(), taken: new Map(), written: [] };
  const adopted = new Set<number>();
  for (const [id, p] of [...fetched].sort(([a], [b]) => a - b)) {
    if (!targets.has(id)) continue;
    const got = await adoptWebFiles(root, p, targets.get(id)!, client, webFiles, { itemId: tree.item.item_id, pathOf: (pageId) => targets.get(pageId) });
    if (got.adopted) {
      fetched.set(id, got.page);
      adopted.add(id);
    }
  }
  out.written.push(...webFiles.written);
  const contents = new Map(
    [...fetched].map(([id, p]) => [
      id,
      toSourceView(p, targets.has(id) ? { to: targets.get(id)!, pathOf: (pageId) => targets.get(pageId), assetsRoot } : undefined),
    ]),
  );
  // Links rewritten because a page they lead to moved on the web: the server learns them (no new
  // revision), so a push right after is a no-op. A page changed on the web itself is not confirmed:
  // a fresh clone's older file must still meet its web change as a conflict.
  const syncedAsIs = new Set(tree.pages.filter((p) => p.sync_revision === p.revision).map((p) => p.page_id));
  // Titles SUMMARY.md gives (mdBook, GitBook): a page holding one needs no front-matter title.
  const summaryId = [...targets].find(([, relPath]) => relPath === 'SUMMARY.md')?.[0];
  const navTitles = summaryTitles(summaryId === undefined ? undefined : contents.get(summaryId)?.page_content);
  for (const [id, view] of contents) if (view.source_refs !== fetched.get(id)!.source_refs && syncedAsIs.has(id)) adopted.add(id);
  for (const page of [...contents.values()].sort((a, b) => a.page_id - b.page_id)) {
    if (generated.has(page.page_id)) continue;
    const knownPath = ledger.pathOf(page.page_id);
    const relPath = targets.get(page.page_id)!;
    livePaths.add(relPath);
    if (
      knownPath !== undefined &&
      knownPath !== relPath &&
      (await carryLocalEdits(root, ledger, out, { from: knownPath, to: relPath, page, synced: syncedAt.get(knownPath) }))
    )
      continue;
    const file = await confinedPath(root, relPath);
    const synced = state.pages[relPath];
    const text = renderPageFile(
      { title: page.page_title, order: page.s_number, body: page.page_content, head: page.source_head },
      fileTitleOf(relPath),
      impliedOrderOf(page),
      navTitles.get(relPath),
    );
    const localText = (await exists(file)) ? await fs.readFile(file, 'utf8') : null;
    if (localText !== null && localText !== text) {
      const local = docFromText(relPath, page.cat_path, localText);
      // A file that sets no order has the one the navigation gave it (as the last sync decided it, else as the server records it).
      if (!local.ownOrder) local.order = synced?.nav ? synced.order : impliedOrderOf(page);
      const known = !!synced && synced.page_id === page.page_id;
      // Without state (a fresh clone), git's blob id tells whether the file is what the sync stored.
      const edited = !known
        ? !(await isStoredVersion(root, localText, page))
        : local.hash !== synced.hash || local.title !== synced.title || local.order !== synced.order;
      // Edited locally since the last sync, and the server did not move: the edit waits for a push.
      if (known && edited && page.revision === synced.revision) continue;
      if (edited) {
        // Local text the last sync did not write: merge it with the server's changes, or keep it
        // and put the server's version beside it.
        const base = known ? await readBase(root, relPath) : null;
        const merged = base === null ? null : merge3(base, local.content, page.page_content);
        if (!merged?.clean) {
          await writeFileAtomic(await confinedPath(root, relPath + CONFLICT_SUFFIX), text);
          out.conflictFiles.push(relPath);
          out.exitCode = ExitCode.CONFLICT;
          continue;
        }
        // The local front matter stays, with the server's title and order where those changed.
        await writeFileAtomic(
          file,
          renderPageFile(
            { title: page.page_title, order: page.s_number, body: merged.text, head: local.head ?? null },
            fileTitleOf(relPath),
            impliedOrderOf(page),
            navTitles.get(relPath),
          ),
        );
        out.merged.push(relPath);
        out.pages.push(pulledPage(page, [relPath]));
        await remember(root, ledger, relPath, page);
        continue;
      }
    }
    const assets = await downloadAssets(root, page.source_refs, client, assetsDone);
    if (localText !== text) {
      await writeFileAtomic(file, text);
      out.written.push(relPath);
      out.pages.push(pulledPage(page, [relPath, ...assets]));
    }
    out.written.push(...assets);
    await remember(root, ledger, relPath, page);
    // The server learns the references this pull gave the page's web files (no new revision).
    if (adopted.has(page.page_id)) {
      confirms.push({
        op: 'confirm',
        page_id: page.page_id,
        base_revision: page.revision,
        source_path: relPath,
        source_head: page.source_head,
        source_hash: (await pulledIdentity(root, relPath, page.page_content, contentHash(text))).file_hash,
        source_refs: page.source_refs ?? null,
      });
    }
  }

  // Files of pages the server deleted, moved or renamed go too, unless edited since the last sync.
  for (const [relPath, synced] of before) {
    if (livePaths.has(relPath) || synced.source) continue;
    // A path recorded by an older CLI that the rule now refuses is forgotten, never touched.
    const file = await confinedOrNull(root, relPath);
    if (!file) {
      ledger.forgetPath(relPath);
      continue;
    }
    const localText = (await exists(file)) ? await fs.readFile(file, 'utf8') : null;
    if (localText === null || docFromText(relPath, synced.cat_path, localText).hash === synced.hash) {
      if (localText !== null) out.removed.push(relPath);
      await fs.rm(file, { force: true });
      // A page's old file (moved or renamed on the server) goes in that page's commit.
      out.pages.find((p) => p.page_id === synced.page_id)?.files.push(relPath);
    } else {
      const what = contents.has(synced.page_id) ? 'moved or renamed' : 'deleted';
      io.stderr(`kept ${relPath}: ${what} on the server but edited locally (a push would make it a new page)\n`);
    }
    ledger.forgetPath(relPath);
  }
  await recordNames(client, naming);
  for (const batch of batchChanges(confirms)) await client.apply(batch, false);
  // Catalog order: a .docs-order.json where the item's catalogs are ordered.
  out.written.push(...(await writeOrderFiles(root, tree.catalogs)));
  recordCatalogOrders(state, tree.catalogs);
  await ledger.flush();
  await saveState(root, { ...state, item_id: tree.item.item_id });
  return out;
}

/**
 * The server renamed or moved a page whose file was edited here since the last sync: the edits go
 * with the page to its new file (merged three-way with the server's changes; title, catalog and
 * order are the server's), and the old file goes, so a later push updates the page instead of
 * creating a second one. An unmergeable edit stays as the new file's body with the server's
 * version beside it (exit 3). Answers false when there is nothing to carry (the caller then
 * writes the new file and removes the untouched old one).
 */
async function carryLocalEdits(
  root: string,
  ledger: SyncLedger,
  out: PullOutcome,
  move: { from: string; to: string; page: ServerPageContent; synced: SyncedPage | undefined },
): Promise<boolean> {
  const { from, to, page, synced } = move;
  const oldFile = await confinedPath(root, from);
  const newFile = await confinedPath(root, to);
  if (!synced || !(await exists(oldFile)) || (await exists(newFile))) return false;
  const local = docFromText(from, synced.cat_path, await fs.readFile(oldFile, 'utf8'));
  if (local.hash === synced.hash) return false;
  const base = await readBase(root, from);
  const merged = base === null ? null : merge3(base, local.content, page.page_content);
  const render = (body: string) =>
    renderPageFile({ title: page.page_title, order: page.s_number, body, head: page.source_head }, fileTitleOf(to), impliedOrderOf(page));
  await writeFileAtomic(newFile, render(merged?.clean ? merged.text : local.content));
  await fs.rm(oldFile);
  if (merged?.clean) out.merged.push(to);
  else {
    await writeFileAtomic(await confinedPath(root, to + CONFLICT_SUFFIX), render(page.page_content));
    out.conflictFiles.push(to);
    out.exitCode = ExitCode.CONFLICT;
  }
  await remember(root, ledger, to, page);
  return true;
}

async function remember(root: string, ledger: SyncLedger, relPath: string, page: ServerPageContent): Promise<void> {
  // With code includes, the file hash covers the included files as this folder has them (includes/identity.ts).
  const identity = await pulledIdentity(root, relPath, page.page_content, contentHash((page.source_head ?? '') + page.page_content));
  ledger.set(
    relPath,
    {
      page_id: page.page_id,
      revision: page.revision,
      hash: page.content_hash,
      ...identity,
      title: page.page_title,
      cat_path: page.cat_path,
      order: page.s_number,
      ...(page.s_number === page.sync_nav_order ? { nav: true } : {}),
    },
    page.page_content,
  );
}
