import path from 'node:path';

/**
 * The links and images of a Markdown page that point into the synced folder, found with their
 * exact place in the text so they can be replaced and put back byte for byte. Markdown inline
 * links and images, reference definitions and the `src`/`href` of HTML tags count, as markdown-it
 * parses them (markdownRefs.ts): code blocks, indented code and code spans are never touched.
 */
export interface Reference {
  start: number;
  end: number;
  /** The destination exactly as written (without `<>` brackets). */
  url: string;
}

/**
 * [served URL, original reference, file] in order of appearance: what a pull reverses. The file
 * (relative to the folder) is given for uploaded files, so a pull writes them back where they were.
 */
export type RefPairs = ([string, string] | [string, string, string])[];

let finder: typeof import('./markdownRefs.ts') | null = null;

/** Loads the Markdown parser (on demand: a push that writes no page never needs it). */
export async function loadReferenceFinder(): Promise<void> {
  finder ??= await import('./markdownRefs.ts');
}

/** Links, images, reference definitions and HTML `src`/`href`, as markdown-it parses the page (never inside code). */
export function findReferences(body: string): Reference[] {
  // Every kind needs one of these: `](` (inline), `]:` (a definition, also behind `[x][y]` and `[x]`), `<tag` (HTML).
  if (!/\]\(|\]:|<[a-z]/i.test(body)) return [];
  if (!finder) throw new Error('findReferences: await loadReferenceFinder() first');
  return finder.markdownDestinations(body);
}

/** A destination that may name a file of the folder: no scheme, no protocol-relative host, not only an anchor. */
function isLocal(url: string): boolean {
  return !!url && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//') && !url.startsWith('#') && !url.startsWith('?');
}

export interface ResolvedTarget {
  /** Path of the target relative to the folder root. */
  relPath: string;
  /** `#anchor` (and query) kept from the reference. */
  suffix: string;
}

/**
 * Where a reference of `fromPath` points inside the folder: relative to the page's folder, or, for
 * a root-relative `/x`, under the assets root (VitePress and Docusaurus serve `public/` and
 * `static/` at `/`) or else the folder root. Null when it leaves the folder or is not local.
 */
export function resolveReference(url: string, fromPath: string, assetsRoot: string): ResolvedTarget | null {
  if (!isLocal(url)) return null;
  const cut = url.search(/[#?]/);
  const rawPath = cut < 0 ? url : url.slice(0, cut);
  const suffix = cut < 0 ? '' : url.slice(cut);
  let decoded: string;
  try {
    decoded = decodeURI(rawPath);
  } catch {
    decoded = rawPath;
  }
  if (!decoded) return null;
  const joined = decoded.startsWith('/') ? path.posix.join(assetsRoot, decoded) : path.posix.join(path.posix.dirname(fromPath), decoded);
  // With the folder root as assets root (`''`), `/guide/x` joins to an absolute path: it is `guide/x` of the folder.
  const rel = path.posix
    .normalize(joined)
    .replace(/^\/+/, '')
    .replace(/^\.(\/|$)/, '');
  if (rel.startsWith('../') || rel === '..') return null;
  return { relPath: rel, suffix };
}

/** Replaces references by the answers of `replace` (null keeps one) and records what each was. */
export function rewriteReferences(
  body: string,
  replace: (ref: Reference) => { served: string; file?: string } | null,
  found: readonly Reference[] = findReferences(body),
): { content: string; refs: RefPairs } {
  const refs: RefPairs = [];
  let out = '';
  let at = 0;
  for (const ref of found) {
    const target = replace(ref);
    if (target === null) continue;
    out += body.slice(at, ref.start) + target.served;
    at = ref.end;
    refs.push(target.file ? [target.served, ref.url, target.file] : [target.served, ref.url]);
  }
  return { content: out + body.slice(at), refs };
}

/**
 * Puts the original references back in order (a served URL the web edit removed is skipped).
 * `relink` may answer another reference for a pair (the page's file or a linked page moved).
 */
export function restoreReferences(content: string, refsJson: string | null | undefined, relink?: (pair: RefPairs[number]) => string): string {
  if (!refsJson) return content;
  let refs: RefPairs;
  try {
    refs = JSON.parse(refsJson) as RefPairs;
  } catch {
    return content;
  }
  let out = '';
  let at = 0;
  for (const pair of refs) {
    const [served, original] = pair;
    const i = content.indexOf(served, at);
    if (i < 0) continue;
    out += content.slice(at, i) + (relink ? relink(pair) : original);
    at = i + served.length;
  }
  return out + content.slice(at);
}

/**
 * A reference written in `fromPath` that must now be written in `toPath`, to `target` (a file of
 * the folder): unchanged when it still resolves there; else a relative path from the new place,
 * with the original anchor or query.
 */
export function relinkReference(original: string, fromPath: string, toPath: string, target: string, assetsRoot: string): string {
  const resolved = resolveReference(original, fromPath, assetsRoot);
  const again = resolveReference(original, toPath, assetsRoot);
  if (resolved && again && again.relPath === target) return original;
  const suffix = resolved?.suffix ?? '';
  let rel = path.posix.relative(path.posix.dirname(toPath), target);
  if (!rel.startsWith('../') && original.startsWith('./')) rel = `./${rel}`;
  return encodeURI(rel) + suffix;
}
