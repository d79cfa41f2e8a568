import fs from 'node:fs';
import path from 'node:path';
import { pathRefusal } from '../../core/safePath.ts';
import { CliFailure } from '../errors.ts';

/**
 * Every file the sync writes, removes or uploads goes through here (issue #20). The path first
 * passes the rule the server applies too (core/safePath.ts: relative, no `..`, no hidden segment,
 * no Windows device); then the folders it goes through must be real folders, not symbolic links —
 * a link planted in the folder (`docs/x -> ../.git`) would carry a write outside it — and the file
 * itself must not be a link (writeFile follows one).
 */
export async function confinedPath(root: string, relPath: string): Promise<string> {
  const why = pathRefusal(relPath);
  if (why) throw new PathRefused(relPath, why);
  const segments = relPath.split('/');
  let at = root;
  for (const [i, segment] of segments.entries()) {
    at = path.join(at, segment);
    // Synchronous, as folder.ts stats recorded files: one syscall, no trip through the thread pool per
    // segment (a pull of thousands of pages checks every path twice).
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    // Nothing there: the rest is created under folders already checked.
    if (!stat) break;
    if (stat.isSymbolicLink())
      throw new PathRefused(relPath, `goes through the symbolic link ${segments.slice(0, i + 1).join('/')} (links are never followed)`);
    if (i < segments.length - 1 && !stat.isDirectory())
      throw new PathRefused(relPath, `goes through ${segments.slice(0, i + 1).join('/')}, which is not a folder`);
  }
  return path.join(root, ...segments);
}

/** A path the sync will not write, remove or upload: which one, and why. */
export class PathRefused extends CliFailure {
  readonly relPath: string;
  readonly reason: string;
  constructor(relPath: string, reason: string) {
    super(`${JSON.stringify(relPath)}: refused, it ${reason}`);
    this.name = 'PathRefused';
    this.relPath = relPath;
    this.reason = reason;
  }
}

/** `confinedPath`, answering null instead of throwing for a refused path (a reference left as written). */
export async function confinedOrNull(root: string, relPath: string): Promise<string | null> {
  try {
    return await confinedPath(root, relPath);
  } catch (err) {
    if (err instanceof PathRefused) return null;
    throw err;
  }
}
