import { describe, expect, it } from 'vitest';
import { guest, type Actor } from '../../server/policies/actor.ts';
import { canCopyItem, canDeletePage, canReadPage, canWriteIn, catalogAllowed, itemAbilities, type ItemAccess } from '../../server/policies/item.ts';
import { canChangeTeamItemGrant, newTeamMemberGrant, teamAbilities } from '../../server/policies/team.ts';

const OWNER = 1;
const user = (uid: number, groupid = 2): Actor => ({ kind: 'user', uid, username: `u${uid}`, name: '', groupid, proof: { grants: new Map() } });

function access(over: Partial<Omit<ItemAccess, 'item'>> & { item?: Partial<ItemAccess['item']> } = {}): ItemAccess {
  return {
    member: null,
    teamMembers: [],
    passwordGranted: false,
    ...over,
    item: { item_id: 10, uid: OWNER, item_type: 1, is_archived: false, is_del: false, has_password: true, ...over.item },
  };
}

const summary = (actor: Actor, a: ItemAccess) => {
  const ab = itemAbilities(actor, a);
  return { role: ab.role, visit: ab.visit, edit: ab.edit, manage: ab.manage, own: ab.own };
};

describe('itemAbilities by role (private item)', () => {
  it('gives the administrator everything', () => {
    expect(summary(user(99, 1), access())).toEqual({ role: 'admin', visit: true, edit: true, manage: true, own: true });
  });
  it('gives the creator everything', () => {
    expect(summary(user(OWNER), access())).toEqual({ role: 'creator', visit: true, edit: true, manage: true, own: true });
  });
  it('gives a manager member visit, edit and manage but not own', () => {
    expect(summary(user(5), access({ member: { member_group_id: 2, cat_id: 0 } }))).toEqual({
      role: 'manager',
      visit: true,
      edit: true,
      manage: true,
      own: false,
    });
  });
  it('gives an editor member visit and edit', () => {
    expect(summary(user(5), access({ member: { member_group_id: 1, cat_id: 0 } }))).toEqual({
      role: 'editor',
      visit: true,
      edit: true,
      manage: false,
      own: false,
    });
  });
  it('gives a read-only member visit only', () => {
    expect(summary(user(5), access({ member: { member_group_id: 0, cat_id: 0 } }))).toEqual({
      role: 'reader',
      visit: true,
      edit: false,
      manage: false,
      own: false,
    });
  });
  it('gives a logged-in stranger nothing on a private item', () => {
    expect(summary(user(5), access())).toEqual({ role: 'none', visit: false, edit: false, manage: false, own: false });
  });
  it('gives an anonymous visitor nothing on a private item', () => {
    expect(summary(guest(), access())).toEqual({ role: 'none', visit: false, edit: false, manage: false, own: false });
  });
  it('lets a visitor with a password grant read only', () => {
    expect(summary(guest(), access({ passwordGranted: true }))).toEqual({ role: 'visitor', visit: true, edit: false, manage: false, own: false });
  });
});

describe('itemAbilities on a public item', () => {
  it('lets strangers and guests read, never write', () => {
    const pub = access({ item: { has_password: false } });
    expect(summary(guest(), pub)).toMatchObject({ visit: true, edit: false, manage: false });
    expect(summary(user(5), pub)).toMatchObject({ visit: true, edit: false, manage: false });
  });
});

describe('team membership', () => {
  it('adds rights from team rows to personal ones (the higher wins)', () => {
    const a = access({ member: { member_group_id: 0, cat_id: 0 }, teamMembers: [{ member_group_id: 1, cat_id: 0 }] });
    expect(itemAbilities(user(5), a).role).toBe('editor');
    expect(
      itemAbilities(
        user(5),
        access({
          teamMembers: [
            { member_group_id: 0, cat_id: 0 },
            { member_group_id: 2, cat_id: 0 },
          ],
        }),
      ).role,
    ).toBe('manager');
  });
  it('restricts to the union of team catalogs unless one team row covers all', () => {
    expect(
      itemAbilities(
        user(5),
        access({
          teamMembers: [
            { member_group_id: 1, cat_id: 7 },
            { member_group_id: 1, cat_id: 8 },
          ],
        }),
      ).allowedTopCatIds,
    ).toEqual([7, 8]);
    expect(
      itemAbilities(
        user(5),
        access({
          teamMembers: [
            { member_group_id: 1, cat_id: 7 },
            { member_group_id: 1, cat_id: 0 },
          ],
        }),
      ).allowedTopCatIds,
    ).toBeNull();
  });
  it('lets the personal row decide the catalog restriction', () => {
    const a = access({ member: { member_group_id: 1, cat_id: 3 }, teamMembers: [{ member_group_id: 1, cat_id: 0 }] });
    expect(itemAbilities(user(5), a).allowedTopCatIds).toEqual([3]);
  });
});

describe('catalog restriction', () => {
  const restricted = itemAbilities(user(5), access({ member: { member_group_id: 1, cat_id: 3 } }));
  it("allows the member's top catalog only, and not the root", () => {
    expect(catalogAllowed(restricted, 3)).toBe(true);
    expect(catalogAllowed(restricted, 4)).toBe(false);
    expect(catalogAllowed(restricted, 0)).toBe(false);
  });
  it('applies to reading and writing alike', () => {
    expect(canReadPage(restricted, 3)).toBe(true);
    expect(canReadPage(restricted, 4)).toBe(false);
    expect(canWriteIn(restricted, 3)).toBe(true);
    expect(canWriteIn(restricted, 4)).toBe(false);
    expect(canWriteIn(restricted, 0)).toBe(false);
  });
  it('restricts read-only members too', () => {
    const reader = itemAbilities(user(5), access({ member: { member_group_id: 0, cat_id: 3 } }));
    expect(canReadPage(reader, 3)).toBe(true);
    expect(canReadPage(reader, 9)).toBe(false);
  });
  it('never restricts managers, creators, admins or password visitors', () => {
    expect(itemAbilities(user(5), access({ member: { member_group_id: 2, cat_id: 3 } })).allowedTopCatIds).toBeNull();
    expect(itemAbilities(user(OWNER), access()).allowedTopCatIds).toBeNull();
    expect(itemAbilities(guest(), access({ passwordGranted: true })).allowedTopCatIds).toBeNull();
  });
  it('keeps restricted editors from copying the whole item', () => {
    expect(canCopyItem(restricted)).toBe(false);
    expect(canCopyItem(itemAbilities(user(5), access({ member: { member_group_id: 1, cat_id: 0 } })))).toBe(true);
  });
});

describe('canDeletePage', () => {
  const editor = user(5);
  const ab = itemAbilities(editor, access({ member: { member_group_id: 1, cat_id: 0 } }));
  it("lets an editor delete pages they wrote, not others'", () => {
    expect(canDeletePage(editor, ab, { author_uid: 5 }, 0)).toBe(true);
    expect(canDeletePage(editor, ab, { author_uid: 6 }, 0)).toBe(false);
  });
  it('lets a manager delete any page', () => {
    const m = itemAbilities(editor, access({ member: { member_group_id: 2, cat_id: 0 } }));
    expect(canDeletePage(editor, m, { author_uid: 6 }, 0)).toBe(true);
  });
  it('refuses readers even for their own old pages', () => {
    const r = itemAbilities(editor, access({ member: { member_group_id: 0, cat_id: 0 } }));
    expect(canDeletePage(editor, r, { author_uid: 5 }, 0)).toBe(false);
  });
});

describe('item type 3 (read-only)', () => {
  it('gives nobody edit and clears the edit and creator flags, even for the creator', () => {
    for (const actor of [user(OWNER), user(99, 1), user(5)]) {
      const ab = itemAbilities(actor, access({ item: { item_type: 3 }, member: { member_group_id: 2, cat_id: 0 } }));
      expect(ab.edit).toBe(false);
      expect(ab.flags).toMatchObject({ ItemPermn: false, ItemCreator: false, item_edit: false, item_manage: false });
    }
  });
  it('still lets the creator manage settings and own the item', () => {
    const ab = itemAbilities(user(OWNER), access({ item: { item_type: 3 } }));
    expect(ab.manage).toBe(true);
    expect(ab.own).toBe(true);
  });
});

describe('archived items', () => {
  it('take edit away from everyone and clear the wire flags, keep reading and manage-reading', () => {
    const ab = itemAbilities(user(OWNER), access({ item: { is_archived: true } }));
    expect(ab).toMatchObject({ visit: true, edit: false, manage: true, own: true, archived: true });
    expect(ab.flags).toMatchObject({ item_edit: false, item_manage: false, ItemPermn: false, ItemCreator: false });
    expect(canWriteIn(ab, 0)).toBe(false);
  });
  it('still let an editor copy the item', () => {
    expect(canCopyItem(itemAbilities(user(5), access({ item: { is_archived: true }, member: { member_group_id: 1, cat_id: 0 } })))).toBe(true);
  });
});

describe('deleted items', () => {
  it('give nothing to anyone', () => {
    expect(summary(user(OWNER), access({ item: { is_del: true } }))).toMatchObject({ visit: false, edit: false, manage: false, own: false });
  });
});

describe('wire flags', () => {
  it('report is_login and the edit/manage flags as the API returns them', () => {
    expect(itemAbilities(user(OWNER), access()).flags).toEqual({ is_login: true, item_edit: true, item_manage: true, ItemPermn: true, ItemCreator: true });
    expect(itemAbilities(guest(), access({ item: { has_password: false } })).flags).toEqual({
      is_login: false,
      item_edit: false,
      item_manage: false,
      ItemPermn: false,
      ItemCreator: false,
    });
  });
});

describe('teamAbilities', () => {
  const team = { id: 1, uid: OWNER };
  it('gives the owner and admins everything', () => {
    expect(teamAbilities(user(OWNER), { team, membership: null })).toEqual({ view: true, manage: true, own: true });
    expect(teamAbilities(user(9, 1), { team, membership: null })).toEqual({ view: true, manage: true, own: true });
  });
  it('gives team managers manage but not own, members view only, strangers and guests nothing', () => {
    expect(teamAbilities(user(5), { team, membership: { team_member_group_id: 2 } })).toEqual({ view: true, manage: true, own: false });
    expect(teamAbilities(user(5), { team, membership: { team_member_group_id: 1 } })).toEqual({ view: true, manage: false, own: false });
    expect(teamAbilities(user(5), { team, membership: null })).toEqual({ view: false, manage: false, own: false });
    expect(teamAbilities(guest(), { team, membership: null })).toEqual({ view: false, manage: false, own: false });
  });
});

describe('canChangeTeamItemGrant', () => {
  const teamManager = { itemManage: false, teamManage: true };
  const readA = { member_group_id: 0, cat_id: 7 };
  it('lets item managers set any rights, raising included', () => {
    expect(canChangeTeamItemGrant({ itemManage: true, teamManage: false }, readA, { member_group_id: 2, cat_id: 0 })).toBe(true);
  });
  it('refuses a team manager raising the group or widening the catalog (issue #20, part 4)', () => {
    expect(canChangeTeamItemGrant(teamManager, readA, { member_group_id: 2, cat_id: 7 })).toBe(false);
    expect(canChangeTeamItemGrant(teamManager, readA, { member_group_id: 1, cat_id: 7 })).toBe(false);
    expect(canChangeTeamItemGrant(teamManager, readA, { member_group_id: 0, cat_id: 0 })).toBe(false);
    expect(canChangeTeamItemGrant(teamManager, readA, { member_group_id: 0, cat_id: 8 })).toBe(false);
  });
  it('lets a team manager lower the group or add a catalog restriction', () => {
    expect(canChangeTeamItemGrant(teamManager, { member_group_id: 1, cat_id: 0 }, { member_group_id: 0, cat_id: 0 })).toBe(true);
    expect(canChangeTeamItemGrant(teamManager, { member_group_id: 1, cat_id: 0 }, { member_group_id: 1, cat_id: 7 })).toBe(true);
    expect(canChangeTeamItemGrant(teamManager, readA, readA)).toBe(true);
  });
  it('refuses callers who manage neither side', () => {
    expect(canChangeTeamItemGrant({ itemManage: false, teamManage: false }, { member_group_id: 2, cat_id: 0 }, { member_group_id: 0, cat_id: 0 })).toBe(false);
  });
});

describe('newTeamMemberGrant', () => {
  it('gives the default edit right over the whole item when the adder manages the item', () => {
    expect(newTeamMemberGrant({ itemManage: true, ownRow: { member_group_id: 0, cat_id: 7 } })).toEqual({ member_group_id: 1, cat_id: 0 });
  });
  it("gives at most the adder's own row otherwise, and no row when he has none", () => {
    expect(newTeamMemberGrant({ itemManage: false, ownRow: { member_group_id: 0, cat_id: 7 } })).toEqual({ member_group_id: 0, cat_id: 7 });
    expect(newTeamMemberGrant({ itemManage: false, ownRow: { member_group_id: 1, cat_id: 0 } })).toEqual({ member_group_id: 1, cat_id: 0 });
    expect(newTeamMemberGrant({ itemManage: false, ownRow: null })).toBeNull();
  });
});
