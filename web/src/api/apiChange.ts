import type { ApiVersionEntry, ApiVersionInfo, PageApiChange } from '@core/apiChanges';
import { callUntyped } from './client.ts';
import type { Id } from '@core/wire';

/** `apiChange/*`: an item's API versions (by item, or through a page share key of a public item). */
export const apiChangeApi = {
  list: (target: { item_id?: Id; share_key?: string }, quiet = false) => callUntyped<{ item_id: number; versions: ApiVersionEntry[] }>('apiChange/list', target, { quiet }),
  info: (version_id: Id, share_key?: string) => callUntyped<ApiVersionInfo>('apiChange/info', { version_id, share_key }),
  /** The versions that changed one page, newest first, and whether the caller may open the changelog (quiet: a badge never toasts). */
  page: (target: { page_id?: Id; unique_key?: string }) => callUntyped<{ changes: PageApiChange[]; changelog: boolean }>('apiChange/page', target, { quiet: true }),
};
