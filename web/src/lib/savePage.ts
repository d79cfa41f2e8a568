import { call } from '../api/client.ts';
import type { CallOptions } from '../api/client.ts';
import type { Id, PageInfo } from '@core/wire';

export interface PageDraft {
  page_id: Id;
  item_id: Id;
  page_title: string;
  page_content: string;
  cat_id?: Id;
  s_number?: Id;
  /** The revision the text was based on; the server refuses a stale save with 10310. */
  base_revision?: Id;
  /** A live editor's Yjs state vector (base64): the server merges the text against exactly that state. */
  live_state?: string;
}

/**
 * The one way the web app saves a page (editor, history restore): content goes URL-encoded with
 * is_urlencode=1 (spec §5) so no proxy or form parser mangles it.
 */
export function savePage(draft: PageDraft, opts?: CallOptions): Promise<PageInfo> {
  return call(
    'page/save',
    {
      ...draft,
      page_content: encodeURIComponent(draft.page_content),
      is_urlencode: 1,
    },
    opts,
  );
}
