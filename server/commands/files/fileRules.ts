import { fileTypeFromFile } from 'file-type';
import { ALLOWED_IMAGE_EXTENSIONS } from '../../../core/limits.ts';

/**
 * What may be uploaded. Server-side extensions are refused for everyone, in any segment of the
 * name (`shell.php.png` too), so a misconfigured web server in front can never execute an upload;
 * ordinary users are further limited to ShowDoc's whitelist of the last extension.
 */
const FORBIDDEN_SEGMENT =
  /^(php\d*|phtml|pht|phar|jsp[x]?|jspf|asp[x]?|ascx|ashx|asmx|cer|cgi|pl|py|pyc|rb|sh|bash|bat|cmd|com|exe|dll|msi|vbs|vbe|js|mjs|wsf|hta|htaccess|htpasswd|shtml|shtm|stm|html|htm|xhtml|xht|svg|svgz|xml|xsl|xslt|swf|jar|war)$/i;

/** ShowDoc's whitelist for non-administrators (showdoc-server.md §4.7), minus anything above. */
const USER_UPLOAD_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'bmp',
  'gif',
  'ico',
  'webp',
  'mp3',
  'wav',
  'mp4',
  'mov',
  'flac',
  'mkv',
  'zip',
  'tar',
  'gz',
  'tgz',
  'ipa',
  'apk',
  'rar',
  'iso',
  'pdf',
  'epub',
  'xps',
  'doc',
  'docx',
  'wps',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'txt',
  'psd',
  'csv',
  'pub',
  'json',
  'css',
]);

const IMAGE_EXTENSIONS = new Set<string>(ALLOWED_IMAGE_EXTENSIONS);

/** The image types a browser may render inline from us. Never SVG (it can carry script). */
export const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp']);

/**
 * SVG images of synced documentation (`docs push`, sync/upload only; the editor's uploads still
 * refuse SVG). Served with this type so `<img>` shows them — an image context never runs script —
 * but always as a download (Content-Disposition: attachment), with nosniff and the sandboxing
 * FILE_CSP (`default-src 'none'; sandbox`), so a browser that opens one directly runs nothing.
 */
export const SVG_TYPE = 'image/svg+xml';

/** Why a synced `.svg` upload is refused (a scriptable extension elsewhere in the name, or bytes that are not an SVG document), or null. */
export function svgUploadProblem(name: string, head: Buffer): string | null {
  if (lastExtension(name) !== 'svg') return 'not an .svg file';
  const base = name.split(/[\\/]/).pop() ?? '';
  if (
    base
      .split('.')
      .slice(1, -1)
      .some((s) => FORBIDDEN_SEGMENT.test(s.trim()))
  )
    return 'this file type is not allowed';
  if (head.includes(0)) return 'the content is not an SVG image (binary bytes)';
  if (!startsWithSvgRoot(head.toString('utf8'))) return 'the content is not an SVG image (no <svg> root element)';
  return null;
}

/**
 * Whether the text is, after a BOM, an XML declaration, comments and a doctype, an `<svg>` root
 * element. A forward scan, each piece skipped with one `indexOf`: the single regular expression it
 * replaces let a lazy comment body span several comments, so 31 `<!---->` (218 bytes) took 93 s.
 */
function startsWithSvgRoot(raw: string): boolean {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  let at = skipSpace(text, 0);
  if (text.startsWith('<?xml', at)) {
    const end = text.indexOf('?>', at + 5);
    if (end < 0 || text.slice(at, end).includes('>')) return false;
    at = skipSpace(text, end + 2);
  }
  for (;;) {
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return false;
      at = skipSpace(text, end + 3);
    } else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      const end = doctypeEnd(text, at + 9);
      if (end < 0) return false;
      at = skipSpace(text, end);
    } else {
      return /^<svg[\s>/]/i.test(text.slice(at, at + 5));
    }
  }
}

/** Just past a doctype's closing `>` (its name part holds no `>` or `[`; an internal subset is `[ … ]`), or -1. */
function doctypeEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && text[at] !== '>' && text[at] !== '[') at++;
  if (text[at] === '[') {
    // The subset ends at the first `]` followed by optional space and `>` (a `]` may sit in an entity value).
    for (let close = text.indexOf(']', at + 1); close >= 0; close = text.indexOf(']', close + 1)) {
      const after = skipSpace(text, close + 1);
      if (text[after] === '>') return after + 1;
    }
    return -1;
  }
  return text[at] === '>' ? at + 1 : -1;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** The lower-case last extension, or '' when the name has none. */
export function lastExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A display name safe to store and show: base name only, no control characters, bounded. */
export function cleanDisplayName(name: string, fallback = 'file'): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const cleaned = base || fallback;
  if (cleaned.length <= 200) return cleaned;
  const ext = lastExtension(cleaned);
  return ext && ext.length < 20 ? `${cleaned.slice(0, 199 - ext.length)}.${ext}` : cleaned.slice(0, 200);
}

/** Why a general attachment name is refused, or null when it is acceptable. */
export function attachmentNameProblem(name: string, isAdmin: boolean): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const segments = base
    .split('.')
    .slice(1)
    .map((s) => s.trim());
  if (segments.some((s) => FORBIDDEN_SEGMENT.test(s))) return 'this file type is not allowed';
  if (isAdmin) return null;
  const ext = lastExtension(base);
  if (!ext || !USER_UPLOAD_EXTENSIONS.has(ext)) return `files of type "${ext || 'none'}" are not allowed; allowed: ${[...USER_UPLOAD_EXTENSIONS].join(', ')}`;
  return null;
}

/** Why an image name is refused (extension only; the bytes are checked by `sniffImageType`). */
export function imageNameProblem(name: string): string | null {
  const ext = lastExtension(name);
  if (!IMAGE_EXTENSIONS.has(ext)) return `only images are allowed (${ALLOWED_IMAGE_EXTENSIONS.join(', ')})`;
  if (attachmentNameProblem(name, true)) return 'this file type is not allowed';
  return null;
}

/** The image types served inline, by the type file-type reads from the bytes (an animated PNG is a PNG to browsers). */
const SERVED_IMAGE_TYPES: Record<string, string> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/bmp': 'image/bmp',
};

/**
 * The image type the bytes of a file prove (read by file-type from its magic numbers), or null.
 * Extensions and client MIME types are never trusted.
 */
export async function sniffImageType(filepath: string): Promise<string | null> {
  const found = await fileTypeFromFile(filepath);
  return (found && SERVED_IMAGE_TYPES[found.mime]) ?? null;
}

/**
 * The type recorded for a general attachment: the sniffed image type when the bytes are an image,
 * otherwise the client's type for display — but never an image, HTML, XML or script type, since
 * only proven images are ever served inline.
 */
export function recordedFileType(sniffed: string | null, clientType: string): string {
  if (sniffed) return sniffed;
  const t = (clientType || '').toLowerCase().split(';')[0]!.trim();
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(t) || t.startsWith('image/') || /html|xml|javascript|ecmascript/.test(t)) return 'application/octet-stream';
  return t.slice(0, 200);
}
