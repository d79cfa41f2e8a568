import fs from 'node:fs';
import path from 'node:path';
import { pathRefusal } from '../../../core/safePath.ts';
import { pageCandidates } from '../../../importers/markdownFolder/links.ts';
import { MARKDOWN_FILE } from '../../../importers/markdownFolder/pageFile.ts';
import { findReferences, loadReferenceFinder, resolveReference } from '../../../importers/markdownFolder/references.ts';
import { PathRefused, confinedPath } from '../confine.ts';
import { expandIncludes, type IncludeContext } from '../includes/resolve.ts';
import { outsideAssetOf, outsideAssetsOf } from '../layouts/outsideAssets.ts';
import type { LocalDoc } from '../localDoc.ts';
import type { FolderProblem } from '../problems.ts';
import { anchorsOf } from './anchors.ts';

/**
 * `docs plan` / `docs push` check the folder's links before writing (issue #21 part 4): every link
 * and image of every page, found with markdown-it as the push rewrites them (importers/
 * markdownFolder/references.ts: never inside code), is resolved as the push resolves it. Reported,
 * each with its file and line: a page link to no file, to a file the push skips (`.mdx`, a hidden
 * or ignored file), an `#anchor` no heading of the target page has (ids as the server renders
 * them, `{#id}` honoured), a file (image, download) that is missing or refused by the confinement
 * rules, a relative reference that leaves the pushed folder, and a code include that cannot be read.
 */
export interface LinkCheckInput {
  root: string;
  /** The folder's pages (generated API pages are left out by the caller or skipped here). */
  docs: LocalDoc[];
  /** Files the folder read leaves out on purpose, with why (`.mdx`, links, hidden files). */
  skipped: FolderProblem[];
  /** `.docsignore` / `--exclude`. */
  excludes: (relPath: string) => boolean;
  /** Where root-relative references (`/img/x.png`) resolve, relative to the folder. */
  assetsRoot: string;
  /** Where code includes are read from: a directive that cannot be resolved is reported too. */
  includes?: IncludeContext;
  /** Check only these pages (the ones a push writes); all pages still count as link targets. */
  only?: Set<string>;
}

export async function checkLinks(input: LinkCheckInput): Promise<FolderProblem[]> {
  await loadReferenceFinder();
  const pages = new Map(input.docs.filter((d) => !d.source).map((d) => [d.relPath, d]));
  const skipped = new Map(input.skipped.map((s) => [s.relPath, s.message]));
  const anchors = new Map<string, Set<string>>();
  const anchorsFor = (relPath: string) => {
    let found = anchors.get(relPath);
    if (!found) anchors.set(relPath, (found = anchorsOf(pages.get(relPath)!.content)));
    return found;
  };
  const problems: FolderProblem[] = [];
  for (const doc of pages.values()) {
    if (input.only && !input.only.has(doc.relPath)) continue;
    const body = doc.content;
    const offsetLines = (doc.head ?? '').split('\n').length - 1;
    const lineOf = (offset: number) => offsetLines + body.slice(0, offset).split('\n').length;
    const found: { at: number; message: string }[] = [];
    for (const ref of findReferences(body)) {
      const why = await judge(ref.url, doc.relPath, input, pages, skipped, anchorsFor);
      if (why) found.push({ at: ref.start, message: `${JSON.stringify(ref.url)}: ${why}` });
    }
    if (input.includes) for (const p of (await expandIncludes(doc.relPath, body, input.includes)).problems) found.push({ at: p.offset, message: p.message });
    for (const f of found.sort((a, b) => a.at - b.at)) problems.push({ relPath: doc.relPath, line: lineOf(f.at), message: f.message });
  }
  return problems;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Why the reference `url` of page `from` would be broken on the server, or null when it is fine. */
async function judge(
  url: string,
  from: string,
  input: LinkCheckInput,
  pages: Map<string, LocalDoc>,
  skipped: Map<string, string>,
  anchorsFor: (relPath: string) => Set<string>,
): Promise<string | null> {
  if (!url || SCHEME.test(url) || url.startsWith('//') || url.startsWith('?')) return null;
  if (url.startsWith('#')) return missingAnchor(url.slice(1), from, anchorsFor);
  // Pages resolve from the folder root (VitePress and Docusaurus routes), files from the assets root.
  const asPage = resolveReference(url, from, '');
  const page = asPage && pageCandidates(asPage.relPath).find((p) => pages.has(p));
  if (asPage && page) {
    const hash = asPage.suffix.indexOf('#');
    return hash < 0 ? null : missingAnchor(asPage.suffix.slice(hash + 1), page, anchorsFor);
  }
  const outside = outsideAssetOf(url, outsideAssetsOf(input.assetsRoot));
  if (outside) return fileProblem(path.resolve(input.root, outsideAssetsOf(input.assetsRoot)!.prefix), outside.within, outside.key);
  const asFile = resolveReference(url, from, input.assetsRoot);
  if (!asFile) return 'leaves the pushed folder: the server cannot show it (move the file into the folder, or link to its published URL)';
  const target = asFile.relPath;
  if (MARKDOWN_FILE.test(target) || /\.mdx$/i.test(target) || !path.posix.extname(target)) {
    const named = [target, ...(asPage ? pageCandidates(asPage.relPath) : [])].find((p) => skipped.has(p) || input.excludes(p));
    if (named && skipped.has(named)) return `links to ${named}, which the push skips (${skipped.get(named)})`;
    if (named) return `links to ${named}, which .docsignore or --exclude leaves out`;
    if (MARKDOWN_FILE.test(target) || !path.posix.extname(target)) return `dead link: no page ${pageCandidates(target).join(' or ')} in the folder`;
  }
  if (input.excludes(target)) return `refers to ${target}, which .docsignore or --exclude leaves out`;
  return fileProblem(input.root, target, target);
}

/** Why the file `relPath` under `base` cannot be uploaded (missing, refused by the confinement rules), or null. */
async function fileProblem(base: string, relPath: string, shown: string): Promise<string | null> {
  const refused = pathRefusal(relPath);
  if (refused) return `refers to ${shown}, which is never uploaded: its path ${refused}`;
  try {
    const abs = await confinedPath(base, relPath);
    const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (!stat) return `missing file: ${shown} does not exist`;
    if (stat.isSymbolicLink()) return `refers to ${shown}, a symbolic link (links are never followed)`;
    return null;
  } catch (err) {
    if (err instanceof PathRefused) return `refers to ${shown}, which is never uploaded: it ${err.reason}`;
    throw err;
  }
}

function missingAnchor(raw: string, page: string, anchorsFor: (relPath: string) => Set<string>): string | null {
  if (!raw) return null;
  let anchor = raw;
  try {
    anchor = decodeURIComponent(raw);
  } catch {
    // keep it as written
  }
  return anchorsFor(page).has(anchor) ? null : `no heading or anchor "#${anchor}" in ${page}`;
}
