import type { ApiSourceKind } from '../../core/apiChanges.ts';
import { BaseModel } from './BaseModel.ts';
import { itemModifiers } from './modifiers.ts';

/**
 * A recorded version of an API in an item (`api_versions`, migration 20261126060000_api_versions):
 * its gzipped snapshot, where it came from, and its diff against the stream's previous version.
 */
export interface ApiVersionRow {
  version_id: number;
  item_id: number;
  /** The item's version number (1, 2, 3 …). */
  number: number;
  /** '' for `import/auto`, the spec file's path for `docs push`. */
  stream: string;
  source_name: string;
  source_kind: ApiSourceKind;
  author_uid: number;
  author_username: string;
  created_at: number;
  /** gzip of the snapshot's JSON (commands/apiChanges/recordApiVersion.ts; read back by importers/apiVersion/readSnapshot.ts). */
  snapshot: Buffer;
  /** sha-256 of the snapshot's JSON. */
  snapshot_hash: string;
  /** JSON text of core/apiDiff.ts's operations. */
  diff: string;
  added: number;
  removed: number;
  changed: number;
  breaking: number;
}

export interface ApiVersion extends ApiVersionRow {}
export class ApiVersion extends BaseModel {
  static override tableName = 'api_versions';
  static override idColumn = 'version_id';
  static override modifiers = itemModifiers;
}
