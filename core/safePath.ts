/**
 * The one rule for file paths of a synced folder that cross the wire (issue #20): what the server
 * accepts in `sync/apply` (`source_path`, `from`, the files of `source_refs`) and what the `docs`
 * CLI will write on a pull or read for an upload (cli/sync/confine.ts adds the file-system checks:
 * no symbolic link crossed). The rule is general, not a list of bad names: a path is relative,
 * `/`-separated, every segment a plain visible name that every file system stores as written — so
 * nothing can land in `.git/`, `.docs/`, `.vscode/` or the CLI's own files (`.docs.json`, …), in a
 * parent folder, or on a Windows device.
 */

/** Windows devices, with or without an extension (`nul.md` is NUL too); `¹²³` count as digits there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³]) *(\.|$)/i;
/** Characters Windows refuses in a name (`:` also opens NTFS alternate data streams), and control characters. */
const FORBIDDEN_CHAR = /[<>:"|?*\\\u0000-\u001f\u007f]/;
/** An 8.3 short name (`GIT~1` is `.git` on NTFS): it may alias a hidden folder. */
const SHORT_NAME = /^[^.]{1,8}~\d+(\.|$)/;
/** Code points file systems drop (HFS+ reads `\u200c.git` as `.git`). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** The longest path a page records (`pages.source_path` holds 1000 characters). */
export const MAX_SOURCE_PATH = 1000;

/** Why `relPath` may not be a file of the synced folder, or null when it may. */
export function pathRefusal(relPath: string): string | null {
  if (typeof relPath !== 'string' || !relPath) return 'is empty';
  if (relPath.length > MAX_SOURCE_PATH) return `is longer than ${MAX_SOURCE_PATH} characters`;
  if (relPath.startsWith('/') || /^[a-z]:/i.test(relPath)) return 'is absolute (it must be relative to the folder)';
  if (relPath.includes('\\')) return 'contains "\\" (the separator is "/")';
  for (const segment of relPath.split('/')) {
    const why = segmentRefusal(segment);
    if (why) return segment ? `has the segment "${segment}", which ${why}` : `has an empty segment ("//" or a trailing "/")`;
  }
  return null;
}

function segmentRefusal(segment: string): string | null {
  if (!segment) return 'is empty';
  if (segment === '.' || segment === '..') return 'leaves the folder or names it again';
  // Only names beyond ASCII can hide a dot or an invisible character (a pull checks thousands of paths).
  const ascii = !/[^\u0020-\u007e]/.test(segment);
  // NFKC: a full-width "．git" is refused like ".git".
  if (segment.startsWith('.') || (!ascii && segment.normalize('NFKC').startsWith('.')))
    return 'starts with "." (hidden files and folders such as .git, .docs or .docs.json are never synced)';
  if (FORBIDDEN_CHAR.test(segment)) return 'contains a control character or one of < > : " | ? * \\';
  if (!ascii && IGNORABLE.test(segment)) return 'contains an invisible character some file systems drop';
  if (/[. ]$/.test(segment)) return 'ends with "." or a space (Windows drops them)';
  if (WINDOWS_DEVICE.test(segment)) return 'is a Windows device name';
  if (SHORT_NAME.test(segment)) return 'looks like a Windows short name (GIT~1 is .git)';
  return null;
}

/**
 * A served attachment URL as the sync records it — root-relative (`/api/attachment/visitFile?sign=…`),
 * ShowDoc's `/server/index.php?s=/api/attachment/visitFile&sign=…`, or either under the site's
 * absolute URL — answered as the root-relative download URL on the configured server, or null.
 */
const SERVED = /^(?:https?:\/\/[^/?#]+)?(?:\/server\/index\.php\?s=)?\/api\/attachment\/visitFile[?&]sign=([0-9a-f]{32})(?:[&#].*)?$/i;
export function servedSignUrl(url: string): string | null {
  const m = SERVED.exec(url);
  return m ? `/api/attachment/visitFile?sign=${m[1]!.toLowerCase()}` : null;
}

/** The file of a `source_refs` entry: CLIs before issue #20 recorded a root page's web files as `./assets/x.png`. */
export function refFile(file: string): string {
  return file.replace(/^(\.\/)+/, '');
}

/**
 * Why a page's `source_refs` (JSON `[served, original]` or `[served, original, file]` entries) are
 * refused, or null: the entries must be text, and a file entry names a folder file by the path rule
 * and is served as an attachment of this server (a pull downloads nothing else).
 */
export function refsRefusal(refsJson: string): string | null {
  let refs: unknown;
  try {
    refs = JSON.parse(refsJson);
  } catch {
    return 'is not JSON';
  }
  if (!Array.isArray(refs)) return 'must be a JSON list of [served, original] or [served, original, file] entries';
  for (const [i, entry] of refs.entries()) {
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 3 || entry.some((v) => typeof v !== 'string'))
      return `entry ${i + 1} must be [served, original] or [served, original, file] (text)`;
    if (entry.length < 3) continue;
    const [served, , recorded] = entry as [string, string, string];
    const file = refFile(recorded);
    const why = pathRefusal(file);
    if (why) return `entry ${i + 1}: the file "${file}" ${why}`;
    if (!servedSignUrl(served))
      return `entry ${i + 1}: the file "${file}" must be served as an attachment of this server (/api/attachment/visitFile?sign=…), not "${served.slice(0, 200)}"`;
  }
  return null;
}
