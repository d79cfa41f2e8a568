import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerPageContent, SyncClient } from './client.ts';
import { servedSignUrl } from '../../core/safePath.ts';
import { confinedPath } from './confine.ts';
import { portableSlug } from './paths.ts';
import { findReferences, loadReferenceFinder, type RefPairs } from '../../importers/markdownFolder/references.ts';

/**
 * Files added to a page in the web UI: the editor puts their served URL in the Markdown
 * (`https://docs.example.com/api/attachment/visitFile?sign=…`, or ShowDoc's
 * `/server/index.php?s=/api/attachment/visitFile&sign=…`). A pull downloads each one into an
 * `assets/` folder beside the page (a portable name from the file's own, unique by content) and
 * writes the relative path in the file; the pair goes into the page's recorded references, so a
 * fresh pull writes the same path, and a push sends the served URL back exactly as it was (the
 * server knows the file's sha-256, so nothing is uploaded again).
 */
export interface WebFiles {
  /** Sign → the folder file it was written to (shared by every page of one pull). */
  bySign: Map<string, string>;
  /** Folder files taken by this pull (lower-cased). */
  taken: Map<string, string>;
  written: string[];
}

/** A link the web editor makes to a page (`/<item>?page_id=<id>#anchor`, or under the site's URL). */
const PAGE_LINK = /^(?:https?:\/\/[^/?#]+)?\/(\d+)\?page_id=(\d+)(#.*)?$/;

/** This item's pages and the files a pull writes them to: web links to them come down as relative links. */
export interface PullPages {
  itemId: number;
  pathOf: (pageId: number) => string | undefined;
}

/**
 * A page whose Markdown references what the sync has not recorded: attachments added in the web UI
 * (each downloaded once per pull) and links to other pages of the item made in the web editor
 * (written as the relative `.md` path of that page's file, anchor kept). The page comes back with
 * those pairs added to its recorded references, in order of appearance; `adopted` tells whether any was.
 */
export async function adoptWebFiles(
  root: string,
  page: ServerPageContent,
  relPath: string,
  client: SyncClient,
  files: WebFiles,
  pages: PullPages,
): Promise<{ page: ServerPageContent; adopted: boolean }> {
  if (!page.page_content.includes('visitFile') && !page.page_content.includes('page_id=')) return { page, adopted: false };
  await loadReferenceFinder();
  const existing: RefPairs = page.source_refs ? (JSON.parse(page.source_refs) as RefPairs) : [];
  // Where the recorded pairs sit in the server's content (as restoreReferences walks them).
  const placed: { at: number; pair: RefPairs[number] }[] = [];
  let at = 0;
  for (const pair of existing) {
    const i = page.page_content.indexOf(pair[0], at);
    if (i < 0) continue;
    placed.push({ at: i, pair });
    at = i + pair[0].length;
  }
  const covered = new Set(placed.map((p) => p.at));
  // References are relative to the file the page's recorded references were written for.
  const from = page.source_path ?? relPath;
  let adopted = false;
  for (const ref of findReferences(page.page_content)) {
    if (covered.has(ref.start)) continue;
    const link = PAGE_LINK.exec(ref.url);
    const linked = link && Number(link[1]) === pages.itemId ? pages.pathOf(Number(link[2])) : undefined;
    if (linked) {
      placed.push({ at: ref.start, pair: [ref.url, relativeRef(from, linked) + (link![3] ?? '')] });
      adopted = true;
      continue;
    }
    const download = servedSignUrl(ref.url);
    if (!download) continue;
    const file = await fileFor(root, download, path.posix.dirname(relPath), client, files);
    if (!file) continue;
    placed.push({ at: ref.start, pair: [ref.url, relativeRef(from, file), file] });
    adopted = true;
  }
  if (!adopted) return { page, adopted: false };
  const refs = placed.sort((a, b) => a.at - b.at).map((p) => p.pair);
  return { page: { ...page, source_refs: JSON.stringify(refs) }, adopted: true };
}

/** `./x` or `../x`: the path of a folder file as written in the file `from`. */
function relativeRef(from: string, file: string): string {
  const local = path.posix.relative(path.posix.dirname(from), file);
  return encodeURI(local.startsWith('../') ? local : `./${local}`);
}

/** Downloads a served file once per pull into `<dir>/assets/`, reusing a file there with the same bytes. */
async function fileFor(root: string, url: string, dir: string, client: SyncClient, files: WebFiles): Promise<string | null> {
  const sign = url.slice(url.indexOf('sign=') + 5);
  const known = files.bySign.get(sign);
  if (known) return known;
  let got: { bytes: Uint8Array; name: string };
  try {
    got = await client.downloadNamed(url);
  } catch {
    return null;
  }
  const sha = crypto.createHash('sha256').update(got.bytes).digest('hex');
  const ext = /\.([a-z0-9]{1,10})$/i.exec(got.name)?.[1]?.toLowerCase();
  const stem = portableSlug(got.name.replace(/\.[^.]*$/, '')) || 'file';
  // A page at the root has the folder `.`: its files go to `assets/`, never `./assets/`.
  const folder = `${dir && dir !== '.' ? `${dir}/` : ''}assets`;
  for (const candidate of [`${stem}`, `${stem}-${sha.slice(0, 8)}`]) {
    const rel = `${folder}/${candidate}${ext ? `.${ext}` : ''}`;
    const owner = files.taken.get(rel.toLowerCase());
    if (owner && owner !== sha) continue;
    const file = await confinedPath(root, rel);
    const current = await fs.readFile(file).catch(() => null);
    if (current && crypto.createHash('sha256').update(current).digest('hex') !== sha) continue;
    if (!current) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, got.bytes);
      files.written.push(rel);
    }
    files.taken.set(rel.toLowerCase(), sha);
    files.bySign.set(sign, rel);
    return rel;
  }
  return null;
}
