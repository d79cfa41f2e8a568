import path from 'node:path';

/**
 * An assets root OUTSIDE the pushed folder (issue #21 part 5): Docusaurus keeps `static/` beside
 * `docs/`, VitePress may keep `public/` one level up, so `docs push docs --assets-root ../static`
 * (or `.docs.json` `"assets_root": "../static"`) must reach `/img/x.png` there. Such files are
 * uploaded like the folder's own, read through the same confinement (cli/sync/confine.ts against
 * the assets root: no symbolic link, no hidden segment, nothing above it), and their references
 * are recorded WITHOUT a file path: a pull never writes outside its folder, it puts the reference
 * back as written and leaves the repository's `static/` alone.
 */
export interface OutsideAssets {
  /** The assets root as configured, relative to the folder (`../static`). */
  prefix: string;
}

/** The outside assets root `assetsRoot` names, or null when it lies inside the folder. */
export function outsideAssetsOf(assetsRoot: string): OutsideAssets | null {
  const normal = path.posix.normalize(assetsRoot || '.');
  return normal === '..' || normal.startsWith('../') ? { prefix: normal } : null;
}

/**
 * The file a root-relative reference (`/img/x.png?v=2#x`) names under an outside assets root:
 * `key` (`../static/img/x.png`, how messages name it and the uploader finds it), `within` (its
 * path inside the assets root) and the query/anchor kept. Null for other references, and for one
 * climbing out of the assets root (`/../secret`).
 */
export function outsideAssetOf(url: string, outside: OutsideAssets | null): { key: string; within: string; suffix: string } | null {
  if (!outside || !url.startsWith('/') || url.startsWith('//')) return null;
  const cut = url.search(/[#?]/);
  const raw = cut < 0 ? url : url.slice(0, cut);
  let decoded = raw;
  try {
    decoded = decodeURI(raw);
  } catch {
    // as written
  }
  const within = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (!within || within === '..' || within.startsWith('../')) return null;
  return { key: `${outside.prefix}/${within}`, within, suffix: cut < 0 ? '' : url.slice(cut) };
}

/** The inside-the-assets-root path of an uploader key made by `outsideAssetOf`, or null for a folder file. */
export function withinOutside(key: string, outside: OutsideAssets | null): string | null {
  return outside && key.startsWith(`${outside.prefix}/`) ? key.slice(outside.prefix.length + 1) : null;
}
