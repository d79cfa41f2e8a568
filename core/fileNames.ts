/**
 * File and folder names for exports, sanitised exactly as ShowDoc's Markdown export does
 * (showdoc-server.md §7.2), so a zip from Folio looks like one from ShowDoc:
 * trim; `< > : " / \ | ? *` and control characters → `_`; any run of `_`/`.` (even one `.`) → one `_` (`v1.0 API` → `v1_0 API`); leading and
 * trailing `_`/`.` stripped; empty → `未命名`; Windows reserved names get `_` appended; at most
 * 200 characters. `uniqueName` adds `_1`, `_2`, … on collisions.
 */
const UNNAMED = '未命名';
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
const MAX_NAME = 200;

export function sanitizeFileName(name: string, fallback = UNNAMED): string {
  let s = String(name ?? '')
    .trim()
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/[_.]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  if (!s) s = fallback;
  if (RESERVED.test(s)) s += '_';
  return Array.from(s).slice(0, MAX_NAME).join('');
}

/**
 * Reserves `base + ext` in `taken` (compared case-insensitively, as on Windows and macOS),
 * suffixing `_1`, `_2`, … when it is already used. Returns the name reserved.
 */
export function uniqueName(base: string, ext: string, taken: Set<string>): string {
  let candidate = base + ext;
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${base}_${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
