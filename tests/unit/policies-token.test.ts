import { describe, expect, it } from 'vitest';
import type { Actor, TokenGrant } from '../../server/policies/actor.ts';
import { itemAbilities, type ItemAccess } from '../../server/policies/item.ts';
import { tokenMayCall } from '../../server/policies/token.ts';

/** A personal access token narrows its user (issue #23): pure rules, no database. */
const OWNER = 1;
const grant = (over: Partial<TokenGrant> = {}): TokenGrant => ({ id: 7, name: 'laptop', scope: 'write', itemIds: [], via: "MCP (token 'laptop')", ...over });
const withToken = (uid: number, token: TokenGrant, groupid = 2): Actor => ({
  kind: 'user',
  uid,
  username: `u${uid}`,
  name: '',
  groupid,
  proof: { grants: new Map() },
  token,
});
const access = (over: Partial<ItemAccess['item']> = {}, member: ItemAccess['member'] = null): ItemAccess => ({
  member,
  teamMembers: [],
  passwordGranted: false,
  item: { item_id: 10, uid: OWNER, item_type: 1, is_archived: false, is_del: false, has_password: false, ...over },
});
const summary = (actor: Actor, a: ItemAccess) => {
  const ab = itemAbilities(actor, a);
  return { visit: ab.visit, edit: ab.edit, manage: ab.manage, own: ab.own };
};

describe('itemAbilities with a token', () => {
  it('keeps the creator’s rights for a write token on all items', () => {
    expect(summary(withToken(OWNER, grant()), access())).toEqual({ visit: true, edit: true, manage: true, own: true });
  });
  it('takes edit, manage and own away from a read token', () => {
    expect(summary(withToken(OWNER, grant({ scope: 'read' })), access())).toEqual({ visit: true, edit: false, manage: false, own: false });
  });
  it('makes an item outside the allow-list unreachable, even a public one', () => {
    expect(summary(withToken(OWNER, grant({ itemIds: [11] })), access())).toEqual({ visit: false, edit: false, manage: false, own: false });
    expect(summary(withToken(OWNER, grant({ itemIds: [10, 11] })), access()).visit).toBe(true);
  });
  it('never gives more than the user: a reader stays a reader, an administrator’s token obeys its list', () => {
    expect(summary(withToken(5, grant()), access({}, { member_group_id: 0, cat_id: 0 }))).toEqual({ visit: true, edit: false, manage: false, own: false });
    expect(summary(withToken(99, grant({ itemIds: [11] }), 1), access()).visit).toBe(false);
  });
  it('keeps the catalog restriction and the archive', () => {
    expect(itemAbilities(withToken(5, grant()), access({}, { member_group_id: 1, cat_id: 3 })).allowedTopCatIds).toEqual([3]);
    expect(summary(withToken(OWNER, grant()), access({ is_archived: true })).edit).toBe(false);
  });
});

describe('tokenMayCall', () => {
  it('lets a write token call reads and writes, a read token reads only', () => {
    expect(tokenMayCall(grant(), { auth: 'user', writes: true })).toBe(true);
    expect(tokenMayCall(grant({ scope: 'read' }), { auth: 'user', writes: true })).toBe(false);
    expect(tokenMayCall(grant({ scope: 'read' }), { auth: 'public', writes: false })).toBe(true);
  });
  it('refuses administrator actions and the ones that manage tokens', () => {
    expect(tokenMayCall(grant(), { auth: 'admin', writes: false })).toBe(false);
    expect(tokenMayCall(grant(), { auth: 'user', writes: false, allowTokens: false })).toBe(false);
  });
});
