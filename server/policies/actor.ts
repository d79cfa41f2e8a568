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

export interface UserActor {
  kind: 'user';
  uid: number;
  username: string;
  name: string;
  groupid: number;
  proof: ItemPasswordProof;
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
