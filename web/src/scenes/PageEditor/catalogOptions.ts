import type { Catalog } from '@core/wire';

export interface CatalogOption {
  label: string;
  value: number;
}

/** catListGroup's nested catalogs → select options, nesting shown as a path ("API / Users"). */
export function catalogOptions(cats: Catalog[], rootLabel: string): CatalogOption[] {
  const out: CatalogOption[] = [{ label: rootLabel, value: 0 }];
  const walk = (list: Catalog[], path: string[]) => {
    for (const c of list) {
      const here = [...path, c.cat_name];
      out.push({ label: here.join(' / '), value: Number(c.cat_id) });
      walk(c.sub ?? [], here);
    }
  };
  walk(cats, []);
  return out;
}
