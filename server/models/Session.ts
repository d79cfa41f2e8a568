import { BaseModel } from './BaseModel.ts';

/** A login session (`sessions`): only the token's hash is stored. */
export interface SessionRow {
  id: number;
  uid: number;
  token_hash: string;
  expires_at: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

export interface Session extends SessionRow {}
export class Session extends BaseModel {
  static override tableName = 'sessions';
  static override idColumn = 'id';
}
