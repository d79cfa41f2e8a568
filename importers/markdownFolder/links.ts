import { findReferences, loadReferenceFinder, resolveReference, rewriteReferences, type RefPairs, type Reference, type ResolvedTarget } from './references.ts';
import { MARKDOWN_FILE } from './pageFile.ts';

/**
 * What the server keeps of a page file's links and images, for `docs push` (cli/sync/assets.ts)
 * and the web import of a Markdown zip (server/commands/tree/): links to other pages of the folder
 * become links that open those pages (`/<item>?page_id=<id>#anchor`), references to other files of
 * the folder become their attachments. The callers say how a page gets its id and a file its
 * attachment (an upload, a stored zip entry).
 */

/** The served URL of an attachment (root-relative: the web app and the reader share the origin). */
const servedUrl = (sign: string) => `/api/attachment/visitFile?sign=${sign}`;

/** Docusaurus's URL of a blog post, `blog/2023/11/13/3.1.0`, for the file `blog/2023-11-13-3.1.0.md`. */
const BLOG_POST_URL = /^((?:.*\/)?blog)\/(\d{4})\/(\d{2})\/(\d{2})\/([^/]+)$/;

/** What a page link may point at: the file itself, VitePress's clean URLs (`/guide/x`, `/guide/`), or a Docusaurus blog post's dated URL. */
export function pageCandidates(relPath: string): string[] {
  if (MARKDOWN_FILE.test(relPath)) return [relPath];
  const bare = relPath.replace(/\.html$/i, '').replace(/\/$/, '');
  const post = BLOG_POST_URL.exec(bare);
  const dated = post ? `${post[1]}/${post[2]}-${post[3]}-${post[4]}-${post[5]}` : null;
  return [`${bare}.md`, `${bare}/index.md`, ...(bare ? [] : ['index.md']), ...(dated ? [`${dated}.md`, `${dated}/index.md`] : [])];
}

/** The page of the folder a reference resolved in the folder root names, if any. */
export function pageOf(target: ResolvedTarget | null, pages: Set<string>): string | undefined {
  return target ? pageCandidates(target.relPath).find((p) => pages.has(p)) : undefined;
}

/** The folder file (not a page) a reference names: what becomes an attachment. */
export function fileOf(url: string, fromPath: string, assetsRoot: string): ResolvedTarget | null {
  const asFile = resolveReference(url, fromPath, assetsRoot);
  return asFile && !MARKDOWN_FILE.test(asFile.relPath) ? asFile : null;
}

export interface LinkTargets {
  /** Page files of the folder. */
  pages: Set<string>;
  assetsRoot: string;
  /** The page id (or a NEW_PAGE_TOKEN the server fills in) of a page file; null: not known yet (written again later). */
  pageId: (relPath: string) => string | null;
  /** The sign of the attachment holding a file of the folder; null: the reference stays as written. */
  fileSign: (relPath: string) => Promise<string | null>;
  itemId: number | string;
  /**
   * A file outside the folder a reference names (the CLI's assets root beside the folder,
   * cli/sync/layouts/outsideAssets.ts): uploaded, but recorded without its path, so a pull puts
   * the reference back and never writes outside its folder.
   */
  outsideFile?: (url: string) => { key: string; suffix: string } | null;
}

/**
 * A page's body as the server keeps it, with the [served, original, file?] pairs that undo it.
 * `pending`: a linked page has no id yet, its link stays as written for now. `known`: the body's
 * references as already found (a Markdown zip's pages: treeFromFolder), else the body is parsed here.
 */
export async function serverBodyOf(
  relPath: string,
  body: string,
  targets: LinkTargets,
  known?: readonly Reference[],
): Promise<{ content: string; refs: RefPairs; pending: boolean }> {
  let pending = false;
  let found = known;
  if (!found) {
    await loadReferenceFinder();
    found = findReferences(body);
  }
  const served = new Map<string, { served: string; file?: string } | null>();
  const targetOf = async (url: string): Promise<{ served: string; file?: string } | null> => {
    const asPage = resolveReference(url, relPath, '');
    const page = pageOf(asPage, targets.pages);
    if (asPage && page) {
      const id = targets.pageId(page);
      if (id === null) {
        pending = true;
        return null;
      }
      return { served: `/${targets.itemId}?page_id=${id}${asPage.suffix}` };
    }
    const outside = targets.outsideFile?.(url);
    if (outside) {
      const sign = await targets.fileSign(outside.key);
      return sign ? { served: servedUrl(sign) + outside.suffix.replace(/^\?/, '&') } : null;
    }
    const asFile = fileOf(url, relPath, targets.assetsRoot);
    if (!asFile) return null;
    const sign = await targets.fileSign(asFile.relPath);
    return sign ? { served: servedUrl(sign) + asFile.suffix.replace(/^\?/, '&'), file: asFile.relPath } : null;
  };
  for (const ref of found) if (!served.has(ref.url)) served.set(ref.url, await targetOf(ref.url));
  const { content, refs } = rewriteReferences(body, (ref) => served.get(ref.url) ?? null, found);
  return { content, refs, pending };
}
