import { actorName, actorUid, type Actor } from './actor.ts';

/** Who writes: a user, or a named non-user writer such as the open API (uid 0). */
export interface Author {
  uid: number;
  username: string;
  /** How the user wrote it when not in person, e.g. "MCP (token 'cursor-laptop')"; absent = in person. */
  via?: string;
}

/** The writer recorded for an API caller (guests never write, so uid 0 only comes from non-user writers). */
export function authorOf(actor: Actor): Author {
  return { uid: actorUid(actor), username: actorName(actor), ...(actor.kind === 'user' && actor.token ? { via: actor.token.via } : {}) };
}

/** Who open-API and CLI writes are recorded as (author_uid 0, like ShowDoc's `API`). */
export const API_AUTHOR: Author = { uid: 0, username: 'API' };
