import type { ApiDiffSummary, ChangeKind, ChangeReason } from './apiDiff.ts';

/** Wire types of `apiChange/*` and of the API-version part of `sync/*` (server presenters ↔ web app ↔ CLI). */

export type ApiSourceKind = 'openapi' | 'postman';

export interface ApiVersionEntry {
  version_id: number;
  /** 1, 2, 3 … per item: "changed in version N". */
  number: number;
  /** Epoch seconds. */
  created_at: number;
  source: { name: string; kind: ApiSourceKind; stream: string };
  author: { uid: number; username: string };
  summary: ApiDiffSummary;
}

export interface ApiVersionOperation {
  method: string;
  path: string;
  change: ChangeKind;
  breaking: boolean;
  reasons: ChangeReason[];
  /** The operation's page in the item, when it has a live one (removed operations usually do not). */
  page_id: number | null;
}

export interface ApiVersionInfo extends ApiVersionEntry {
  item_id: number;
  /** Breaking operations first, then by path and method. */
  operations: ApiVersionOperation[];
}

/** A version that changed one page (the badge on the page). */
export interface PageApiChange {
  version_id: number;
  number: number;
  created_at: number;
  change: ChangeKind;
  breaking: boolean;
}

/** The stream of a push: the spec file's path in the synced folder; '' for `import/auto`. */
export function pageKeyPrefix(stream: string): string {
  return stream ? `${stream}#` : '';
}
