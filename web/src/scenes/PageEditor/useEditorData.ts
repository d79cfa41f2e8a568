import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_ORDER } from '@core/limits';
import { call, read } from '../../api/client.ts';
import type { Catalog } from '@core/wire';

export interface EditorFields {
  title: string;
  content: string;
  catId: number;
  sNumber: number;
}

export interface EditorData {
  /** What the server holds (empty for a new page): the baseline for "unsaved changes". */
  saved: EditorFields;
  /** What the editor starts with (a copy starts from the source page). */
  initial: EditorFields;
  revision: number | undefined;
  attachmentCount: number;
  catalogs: Catalog[];
  /** The item's personalized domain ('' when none): links back to the item use it. */
  itemDomain: string;
  /** The server's answer whether the caller may save here (page/info's page_edit, item/info's item_edit for a new page). */
  canEdit: boolean;
}

/** Loads what the editor needs: the page (or the page being copied), the catalogs, the default catalog. */
export function useEditorData(itemId: number, pageId: number, copyPageId: number, copySuffix: string): EditorData | null | 'failed' {
  const [data, setData] = useState<EditorData | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const catalogs = call('catalog/catListGroup', { item_id: itemId }).catch(() => [] as Catalog[]);
      // item/info: every reader may ask it (item/detail is for managers)
      const item = read('item/info', { item_id: itemId }, { quiet: true }).then(
        (d) => ({ domain: String(d?.item_domain ?? ''), canEdit: !!d?.item_edit }),
        () => ({ domain: '', canEdit: false }),
      );
      const itemDomain = item.then((i) => i.domain);
      const empty: EditorFields = { title: '', content: '', catId: 0, sNumber: DEFAULT_PAGE_ORDER };
      if (pageId > 0) {
        const page = await call('page/info', { page_id: pageId });
        const fields = {
          title: page.page_title,
          content: page.page_content ?? '',
          catId: Number(page.cat_id ?? 0),
          sNumber: Number(page.s_number ?? DEFAULT_PAGE_ORDER),
        };
        return {
          saved: fields,
          initial: fields,
          revision: page.revision as number | undefined,
          attachmentCount: Number(page.attachment_count ?? 0),
          catalogs: await catalogs,
          itemDomain: await itemDomain,
          canEdit: !!page.page_edit,
        };
      }
      const defaultCat = call('catalog/getDefaultCat', { item_id: itemId, page_id: 0, copy_page_id: copyPageId || undefined })
        .then((d) => d.default_cat_id)
        .catch(() => 0);
      let initial = { ...empty, catId: await defaultCat };
      if (copyPageId > 0) {
        const source = await call('page/info', { page_id: copyPageId });
        initial = {
          ...initial,
          title: `${source.page_title}${copySuffix}`,
          content: source.page_content ?? '',
          sNumber: Number(source.s_number ?? DEFAULT_PAGE_ORDER),
        };
      }
      return {
        saved: empty,
        initial,
        revision: undefined,
        attachmentCount: 0,
        catalogs: await catalogs,
        itemDomain: await itemDomain,
        canEdit: (await item).canEdit,
      };
    })().then(
      (d) => live && setData(d),
      () => live && setData('failed'),
    );
    return () => {
      live = false;
    };
  }, [itemId, pageId, copyPageId, copySuffix]);
  return data;
}
