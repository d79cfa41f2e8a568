import { errors } from '../../../core/errors.ts';
import type { CatalogRow } from '../catalogs/loadCatalogs.ts';

const MAX_CAT_NAME_PATH = 1000;

/**
 * ShowDoc's `cat_name` slash path ("API/Users/Admin"): a leading `/` is ignored, segments are
 * trimmed and empty ones skipped; the legacy `cat_name_sub` is appended as one more level.
 */
export function parseCatalogPath(catName: string, catNameSub = ''): string[] {
  const joined = catNameSub.trim() ? `${catName}/${catNameSub}` : catName;
  if (joined.length > MAX_CAT_NAME_PATH)
    throw errors.validation(`cat_name: must be at most ${MAX_CAT_NAME_PATH} characters`, `cat_name：不能超过 ${MAX_CAT_NAME_PATH} 个字符`);
  return joined
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Each catalog's path of names from the top, e.g. 42 → ['API', 'Users']. */
export function catalogPathsById(cats: Pick<CatalogRow, 'cat_id' | 'cat_name' | 'parent_cat_id'>[]): Map<number, string[]> {
  const byId = new Map(cats.map((c) => [c.cat_id, c]));
  const paths = new Map<number, string[]>();
  const pathOf = (id: number, depth: number): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const cat = byId.get(id);
    if (!cat || depth > 64) return [];
    const p = [...(cat.parent_cat_id ? pathOf(cat.parent_cat_id, depth + 1) : []), cat.cat_name];
    paths.set(id, p);
    return p;
  };
  for (const c of cats) pathOf(c.cat_id, 0);
  return paths;
}
