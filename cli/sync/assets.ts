import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NEW_PAGE_TOKEN } from '../../core/sync.ts';
import type { CliIO } from '../io.ts';
import type { SyncClient, ServerPageContent } from './client.ts';
import { contentHash } from './hash.ts';
import { refFile, servedSignUrl } from '../../core/safePath.ts';
import { confinedOrNull, confinedPath, PathRefused } from './confine.ts';
import { exists } from './paths.ts';
import {
  findReferences,
  loadReferenceFinder,
  relinkReference,
  resolveReference,
  restoreReferences,
  type RefPairs,
} from '../../importers/markdownFolder/references.ts';
import { assetsRootOf } from '../../importers/markdownFolder/pageFile.ts';
import { fileOf, pageCandidates, pageOf, serverBodyOf } from '../../importers/markdownFolder/links.ts';
import { outsideAssetOf, outsideAssetsOf, withinOutside, type OutsideAssets } from './layouts/outsideAssets.ts';
import { withIncludes, type IncludeContext } from './includes/resolve.ts';

const MARKDOWN = /\.(md|markdown)$/i;

/** Where root-relative references (`/logo.svg`) live (importers/markdownFolder/pageFile.ts): `assets_root`, else `public/` or `static/`, else the folder. */
export async function detectAssetsRoot(root: string, configured: string | undefined): Promise<string> {
  return assetsRootOf((dir) => fsSync.statSync(path.join(root, dir), { throwIfNoEntry: false })?.isDirectory() ?? false, configured);
}

export interface RewriteContext {
  root: string;
  assetsRoot: string;
  itemId: number;
  /** Page files of the folder and, where known, their page ids. */
  pages: Set<string>;
  idOf: (relPath: string) => number | undefined;
  /** Page files this push creates (linked through a token the server resolves). */
  creating: Set<string>;
  uploader: AssetUploader;
  /** Where code includes (`{{#include}}`, `--8<--`, `{* *}`) are read from; absent: left as written. */
  includes?: IncludeContext;
}

/**
 * The page content the server keeps for a file (importers/markdownFolder/links.ts): links to pages
 * of the folder open those pages, local files become their uploaded attachments. A page created by
 * the same push is linked through a token the server fills in; `pending` tells that a linked page
 * has no id yet: the page is written again once it has. Code includes are expanded last (includes/resolve.ts).
 */
export async function serverContentOf(relPath: string, body: string, ctx: RewriteContext): Promise<{ content: string; refs: RefPairs; pending: boolean }> {
  const rewritten = await serverBodyOf(relPath, body, {
    pages: ctx.pages,
    assetsRoot: ctx.assetsRoot,
    itemId: ctx.itemId,
    pageId: (page) => {
      const id = ctx.idOf(page);
      if (id) return String(id);
      return ctx.creating.has(page) ? NEW_PAGE_TOKEN(page) : null;
    },
    fileSign: (file) => ctx.uploader.signOf(file),
    outsideFile: (url) => outsideAssetOf(url, outsideAssetsOf(ctx.assetsRoot)),
  });
  // Code includes are shown as code on the server; their directives come back on pull like links.
  return ctx.includes ? { ...(await withIncludes(relPath, rewritten, ctx.includes)), pending: rewritten.pending } : rewritten;
}

/**
 * Files the pages a push writes reference that the server would refuse for their size (over its
 * attachment limit): named before anything is written, as skipped — the references stay as written.
 */
export async function oversizedFiles(
  root: string,
  docs: { relPath: string; content: string }[],
  pages: Set<string>,
  assetsRoot: string,
  maxBytes: number,
): Promise<{ relPath: string; message: string }[]> {
  const out: { relPath: string; message: string }[] = [];
  const seen = new Set<string>();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  for (const doc of docs) {
    if (!/\]\(|\]:|<[a-z]/i.test(doc.content)) continue;
    await loadReferenceFinder();
    for (const ref of findReferences(doc.content)) {
      if (pageOf(resolveReference(ref.url, doc.relPath, ''), pages)) continue;
      const file = fileOf(ref.url, doc.relPath, assetsRoot);
      if (!file || seen.has(file.relPath)) continue;
      seen.add(file.relPath);
      const abs = await confinedOrNull(root, file.relPath);
      const size = abs ? (await fs.stat(abs).catch(() => null))?.size : undefined;
      if (size !== undefined && size > maxBytes)
        out.push({
          relPath: file.relPath,
          message: `${mb(size)}, over the server's ${mb(maxBytes)} attachment limit: not uploaded (${doc.relPath} keeps the reference as written)`,
        });
    }
  }
  return out;
}

/** Uploads each referenced file once per push, and not at all when the item already has its bytes. */
export class AssetUploader {
  private readonly signs = new Map<string, Promise<string | null>>();
  private readonly known: Map<string, string>;
  private readonly root: string;
  private readonly client: SyncClient;
  private readonly io: CliIO;
  private readonly maxBytes: number | undefined;
  private readonly outside: OutsideAssets | null;
  uploaded = 0;
  /**
   * `maxBytes`: the server's attachment limit; larger files were named as skipped by the plan and are not sent.
   * `assetsRoot`: an assets root outside the folder (`../static`) is read with the same confinement, from there.
   */
  constructor(root: string, client: SyncClient, io: CliIO, known: Record<string, string>, maxBytes?: number, assetsRoot = '') {
    this.root = root;
    this.outside = outsideAssetsOf(assetsRoot);
    this.client = client;
    this.io = io;
    this.known = new Map(Object.entries(known));
    this.maxBytes = maxBytes;
  }

  signOf(relPath: string): Promise<string | null> {
    let sign = this.signs.get(relPath);
    if (!sign) {
      sign = this.load(relPath);
      this.signs.set(relPath, sign);
    }
    return sign;
  }

  private async load(relPath: string): Promise<string | null> {
    let file: string;
    try {
      const within = withinOutside(relPath, this.outside);
      file = within === null ? await confinedPath(this.root, relPath) : await confinedPath(path.resolve(this.root, this.outside!.prefix), within);
    } catch (err) {
      if (!(err instanceof PathRefused)) throw err;
      // A hidden file (`./.docs.json` holds the credentials), a link, a path out of the folder: never sent.
      this.io.stderr(`${err.message}: not uploaded; references to it stay as written\n`);
      return null;
    }
    const bytes = await fs.readFile(file).catch(() => null);
    if (!bytes || (this.maxBytes && bytes.length > this.maxBytes)) return null;
    const sha = crypto.createHash('sha256').update(bytes).digest('hex');
    const known = this.known.get(sha);
    if (known) return known;
    try {
      const sign = await this.client.upload(relPath, bytes, sha);
      this.known.set(sha, sign);
      this.uploaded++;
      return sign;
    } catch (err) {
      // A type the server refuses (an executable, say): the reference stays as written.
      this.io.stderr(`${relPath}: not uploaded (${(err as Error).message}); references to it stay as written\n`);
      return null;
    }
  }
}

/**
 * A link to the page whose file is `target`, as written in the file `to`: unchanged while it still
 * reaches that page from there; else the new path in the link's own style — root-relative or
 * relative, `.md`, `.html` or a clean URL (`/api/computed`, `./guide/` for an index) — anchor kept.
 */
function relinkPageLink(original: string, to: string, target: string): string {
  const now = resolveReference(original, to, '');
  if (now && pageCandidates(now.relPath).includes(target)) return original;
  const rawPath = original.slice(0, original.search(/[#?]|$/));
  const suffix = original.slice(rawPath.length);
  const style = MARKDOWN.test(rawPath) ? 'md' : /\.html$/i.test(rawPath) ? 'html' : 'clean';
  let dest = target;
  if (style === 'html') dest = target.replace(MARKDOWN, '.html');
  if (style === 'clean') dest = /(^|\/)index\.(md|markdown)$/i.test(target) ? target.replace(/index\.(md|markdown)$/i, '') : target.replace(MARKDOWN, '');
  if (original.startsWith('/')) return `/${encodeURI(dest)}${suffix}`;
  let rel = path.posix.relative(path.posix.dirname(to), dest || '.');
  if (dest.endsWith('/') || !dest) rel = rel ? `${rel}/` : './';
  if (!rel.startsWith('../') && original.startsWith('./') && !rel.startsWith('./')) rel = `./${rel}`;
  return encodeURI(rel) + suffix;
}

/**
 * A page as the folder sees it: the references the sync rewrote put back, its hash taken again.
 * With `moved`, the page is written to `moved.to` although its references were written for the
 * file `page.source_path`, and linked pages may have moved too (`moved.pathOf`): references that
 * would no longer reach their file are made relative to the new place (a pull after a catalog
 * move made on the web); the page's `source_refs` then hold the references as now written.
 */
export function toSourceView(
  page: ServerPageContent,
  moved?: { to: string; pathOf: (pageId: number) => string | undefined; assetsRoot: string },
): ServerPageContent {
  if (!page.source_refs) return page;
  const from = page.source_path;
  const relink =
    moved && from
      ? ([served, original, file]: RefPairs[number]): string => {
          if (file) {
            // A root-relative file reference does not depend on where the page lies.
            return original.startsWith('/') ? original : relinkReference(original, from, moved.to, file, moved.assetsRoot);
          }
          const pageLink = /^(?:https?:\/\/[^/?#]+)?\/\d+\?page_id=(\d+)/.exec(served);
          const target = pageLink ? moved.pathOf(Number(pageLink[1])) : undefined;
          return target ? relinkPageLink(original, moved.to, target) : original;
        }
      : undefined;
  // The pairs as now written: a pull records them (a confirm), so the next push sees the file as synced.
  const written: RefPairs = [];
  let changed = false;
  const recording = relink
    ? (pair: RefPairs[number]): string => {
        const now = relink(pair);
        if (now !== pair[1]) changed = true;
        written.push(pair.length === 3 ? [pair[0], now, pair[2]] : [pair[0], now]);
        return now;
      }
    : undefined;
  const content = restoreReferences(page.page_content, page.source_refs, recording);
  return { ...page, page_content: content, content_hash: contentHash(content), ...(changed ? { source_refs: JSON.stringify(written) } : {}) };
}

/**
 * Writes back the local files a pulled page references (images, attachments) where they are missing.
 * Only attachments of the configured server are fetched (its root-relative download URL, whatever
 * host the recorded URL names); the pull checked every entry before writing anything (assertPullConfined).
 */
export async function downloadAssets(root: string, refsJson: string | null | undefined, client: SyncClient, done: Set<string>): Promise<string[]> {
  if (!refsJson) return [];
  const written: string[] = [];
  for (const [served, , recorded] of JSON.parse(refsJson) as RefPairs) {
    const relPath = recorded && refFile(recorded);
    if (!relPath || done.has(relPath) || MARKDOWN.test(relPath)) continue;
    done.add(relPath);
    const download = servedSignUrl(served);
    if (!download)
      throw new PathRefused(
        relPath,
        `is served from ${JSON.stringify(served.slice(0, 200))}, not as an attachment of ${client.settings.server}: not downloaded`,
      );
    const file = await confinedPath(root, relPath);
    if (await exists(file)) continue;
    const bytes = await client.download(download);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    written.push(relPath);
  }
  return written;
}
