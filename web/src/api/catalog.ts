import { callUntyped, type CallOptions } from './client.ts';
import type { Catalog, Id, MenuPage } from '@core/wire';

/** `catalog/*` calls. */
export const catalogApi = {
  catListGroup: (item_id: Id, o?: CallOptions) => callUntyped<Catalog[]>('catalog/catListGroup', { item_id }, o),
  getPagesBycat: (item_id: Id, cat_id: Id) => callUntyped<MenuPage[]>('catalog/getPagesBycat', { item_id, cat_id }),
  getDefaultCat: (p: { item_id: Id; page_id?: Id; copy_page_id?: Id }) => callUntyped<{ default_cat_id: Id }>('catalog/getDefaultCat', p),
  save: (p: { item_id: Id; cat_id?: Id; parent_cat_id?: Id; cat_name: string }, o?: CallOptions) => callUntyped<Id>('catalog/save', p, o),
  delete: (p: { item_id: Id; cat_id: Id }) => callUntyped('catalog/delete', p),
  /** `cats` may also carry pages (`{page_id, parent_cat_id, s_number}`) moved by drag and drop. */
  batUpdate: (p: { item_id: Id; cats: Array<{ cat_id: Id; cat_name: string; parent_cat_id: Id; level: Id; s_number: Id } | { page_id: Id; parent_cat_id: Id; s_number: Id }> }) =>
    callUntyped('catalog/batUpdate', p),
};
