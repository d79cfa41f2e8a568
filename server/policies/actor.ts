/** Who is calling: a guest, or a logged-in user, plus any proof of item visit passwords. */
export interface ItemPasswordProof {
  /** Signed item-access grants from cookies, by item id (verified against the item when loaded). */
  grants: Map<number, string>;
  /** ShowDoc compatibility: the plaintext `_item_pwd` parameter. */
  password?: string;
  /**
   * Where `password` came from and the verification code sent with it: `_item_pwd` is counted in
   * the same per-item, per-IP throttle as `item/pwd` (issue #20, part 5).
   */
  attempt?: { ip: string; captcha: { id: string; code: string } };
}

/**
 * The limits of a personal access token (issue #23): a request made with one acts as its user,
 * narrowed to the token's scope and item allow-list. A token never grants more than its user.
 */
export interface TokenGrant {
  id: number;
  name: string;
  scope: 'read' | 'write';
  /** [] = all the user's items. */
  itemIds: number[];
  /** What history records beside the username, e.g. "MCP (token 'cursor-laptop')". */
  via: string;
}

export interface UserActor {
  kind: 'user';
  uid: number;
  username: string;
  name: string;
  groupid: number;
  proof: ItemPasswordProof;
  /** Set when the request authenticated with a personal access token. */
  token?: TokenGrant;
}
export interface GuestActor {
  kind: 'guest';
  proof: ItemPasswordProof;
}
export type Actor = UserActor | GuestActor;

export const noProof = (): ItemPasswordProof => ({ grants: new Map() });
export const guest = (proof: ItemPasswordProof = noProof()): GuestActor => ({ kind: 'guest', proof });

export function isAdmin(actor: Actor): actor is UserActor {
  return actor.kind === 'user' && actor.groupid === 1;
}

/** The token's limits, or null for a session (or a guest). */
export function tokenGrant(actor: Actor): TokenGrant | null {
  return actor.kind === 'user' ? (actor.token ?? null) : null;
}

/** A token's allow-list lets it reach this item ([] = every item of its user). */
export function tokenReachesItem(grant: TokenGrant, itemId: number): boolean {
  return grant.itemIds.length === 0 || grant.itemIds.includes(itemId);
}

export function actorUid(actor: Actor): number {
  return actor.kind === 'user' ? actor.uid : 0;
}

export function actorName(actor: Actor): string {
  return actor.kind === 'user' ? actor.username : '';
}

/** Who to record as the author of a change (`{uid, username}`; a guest is uid 0). */
export function actorRef(actor: Actor): { uid: number; username: string } {
  return actor.kind === 'user' ? { uid: actor.uid, username: actor.username } : { uid: 0, username: '' };
}
