import { BaseModel } from './BaseModel.ts';

/** A personal access token (`access_tokens`): only the secret's sha256 is stored. */
export interface AccessTokenRow {
  id: number;
  uid: number;
  name: string;
  scope: 'read' | 'write';
  /** '' = all the user's items, else comma-separated item ids. */
  item_ids: string;
  token_hash: string;
  created_at: number;
  /** 0 = never used. */
  last_used_at: number;
  /** 0 = never expires. */
  expires_at: number;
}

export interface AccessToken extends AccessTokenRow {}
export class AccessToken extends BaseModel {
  static override tableName = 'access_tokens';
  static override idColumn = 'id';
}

/** A token with its owner's username (the administrator's list). */
export type TokenWithOwner = AccessTokenRow & { username: string };
