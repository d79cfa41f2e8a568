import { contentHash } from '../hash.ts';
import type { LocalDoc } from '../localDoc.ts';
import { findIncludes } from './directives.ts';
import { includeContextOf, includedText, type IncludeContext } from './resolve.ts';

/**
 * A page's sync identity covers what it includes (issue #21 part 6): the server shows the included
 * code, so editing only an included source file must make the page an update. The identity is the
 * hash of the page's own file folded with the hash of every directive's included text (or of why
 * it could not be included) — computed from files alone, so a fresh clone without state decides
 * the same way as the folder that pushed.
 */

/** The hash of what the page's directives include, or undefined when it has none. */
async function includeDigest(relPath: string, body: string, ctx: IncludeContext): Promise<string | undefined> {
  const directives = findIncludes(body);
  if (!directives.length) return undefined;
  const parts: string[] = [];
  for (const d of directives) {
    const text = await includedText(relPath, d, ctx);
    parts.push(typeof text === 'string' ? `=${text}` : `!${text.problem}`);
  }
  return contentHash(parts.join('\u0000'));
}

/** The file hash the sync records and compares: the file's own, folded with its includes' digest. */
export function fileIdentity(ownFileHash: string, digest: string | undefined): string {
  return digest === undefined ? ownFileHash : contentHash(`${ownFileHash}\n${digest}`);
}

/**
 * Folds the includes into the file hash of every page read from its file (a page the last sync
 * recorded without includes, unchanged since, has none and is not read again).
 */
export async function foldIncludes(docs: LocalDoc[], ctx: IncludeContext): Promise<void> {
  for (const doc of docs) {
    if (doc.source || doc.lazy || !doc.fileHash) continue;
    const digest = await includeDigest(doc.relPath, doc.content, ctx);
    if (digest === undefined) continue;
    doc.includeDigest = digest;
    doc.fileHash = fileIdentity(doc.fileHash, digest);
  }
}

/** The identity of a page file a pull writes (`ownFileHash`: its text's hash) and whether it has includes. */
export async function pulledIdentity(root: string, relPath: string, body: string, ownFileHash: string): Promise<{ file_hash: string; includes?: true }> {
  if (!findIncludes(body).length) return { file_hash: ownFileHash };
  const digest = await includeDigest(relPath, body, includeContextOf(root));
  return { file_hash: fileIdentity(ownFileHash, digest), includes: true };
}
