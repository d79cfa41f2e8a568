import type { TFunction } from 'i18next';
import type { Catalog } from '@core/wire';

/** Member rights (spec §9): 1 edit, 0 read-only, 2 manage. */
export const memberGroupOptions = (t: TFunction) => [
  { value: 1, label: t('settings:members.groups.1') },
  { value: 0, label: t('settings:members.groups.0') },
  { value: 2, label: t('settings:members.groups.2') },
];

/** Catalog restriction: all catalogs (0) or one top-level catalog. */
export const catalogLimitOptions = (t: TFunction, catalogs: Catalog[]) => [
  { value: 0, label: t('settings:members.allCatalogs') },
  ...catalogs.map((c) => ({ value: Number(c.cat_id), label: c.cat_name })),
];
