/**
 * Links Folio shows instead of ShowDoc's (clients, debugging tool, marketing). They point at
 * Folio's own in-app documentation of the `docs` CLI and the open API.
 */
export const CLI_DOCS_PATH = '/item/add?tab=auto';
export const OPEN_API_DOCS_PATH = '/item/add?tab=auto#open-api';

/** Where an item opens: its personalized domain when it has one, else its id (spec §2). */
export function itemPath(item: { item_domain?: string | null; item_id: number | string }): string {
  return `/${encodeURIComponent(String(item.item_domain || item.item_id))}`;
}
