import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildItem, buildUser, savePageVia, type User } from '../helpers/factories.ts';

/** Notices sent by real events, each observed through the recipient's notice/getList. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const inbox = async (user: User) => (await t.call('notice/getList', {}, { token: user.token })).data as { list: any[]; total: number; unread_count: number };

describe('being added to an item', () => {
  it('tells the new member once, not when their rights change later', async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const { item_id } = await buildItem(t, owner, { item_name: 'Payments API' });
    expect((await t.call('member/save', { item_id, username: member.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
    const box = await inbox(member);
    expect(box.unread_count).toBe(1);
    expect(box.list[0]).toMatchObject({ notice_title: `${owner.username} added you to the item "Payments API"`, from_name: owner.username, is_read: 0 });
    await t.call('member/save', { item_id, username: member.username, member_group_id: 0 }, { token: owner.token });
    expect((await inbox(member)).total).toBe(1);
    expect((await inbox(owner)).total).toBe(0);
  });
});

describe('being added to a team', () => {
  it('tells the new team member, once', async () => {
    const owner = await buildUser(t);
    const joiner = await buildUser(t);
    const team = await t.call('team/save', { team_name: 'Platform' }, { token: owner.token });
    const add = () => t.call('teamMember/save', { team_id: team.data.id, member_username: joiner.username, team_member_group_id: 1 }, { token: owner.token });
    expect((await add()).error_code).toBe(0);
    await add();
    const box = await inbox(joiner);
    expect(box.total).toBe(1);
    expect(box.list[0].notice_title).toBe(`${owner.username} added you to the team "Platform"`);
  });
});

describe('a page of yours edited by someone else', () => {
  it('tells the previous author, once per editor until read, and never for one’s own edits', async () => {
    const owner = await buildUser(t);
    const editor = await buildUser(t);
    const { item_id } = await buildItem(t, owner);
    await addMember(t, item_id, editor, 1);
    const page = await savePageVia(t, owner.token, { item_id, page_title: 'Runbook', page_content: 'v1' });
    await savePageVia(t, owner.token, { item_id, page_id: page.page_id, page_title: 'Runbook', page_content: 'v2 by me' });
    expect((await inbox(owner)).total).toBe(0);

    await savePageVia(t, editor.token, { item_id, page_id: page.page_id, page_title: 'Runbook', page_content: 'v3 by the editor' });
    await savePageVia(t, editor.token, { item_id, page_id: page.page_id, page_title: 'Runbook', page_content: 'v4 by the editor' });
    let box = await inbox(owner);
    expect(box.total).toBe(1);
    expect(box.list[0]).toMatchObject({ notice_title: `${editor.username} edited your page "Runbook"`, from_name: editor.username });

    // Once read, the next edit by someone else is news again.
    await t.call('notice/setRead', { all: 1 }, { token: owner.token });
    await savePageVia(t, owner.token, { item_id, page_id: page.page_id, page_title: 'Runbook', page_content: 'v5 by me' });
    await savePageVia(t, editor.token, { item_id, page_id: page.page_id, page_title: 'Runbook', page_content: 'v6 by the editor' });
    box = await inbox(owner);
    expect(box.total).toBe(2);
    expect(box.unread_count).toBe(1);
    // The owner's v5 overwrote the editor's v4: now the editor is told too.
    const editorBox = await inbox(editor);
    expect(editorBox.total).toBe(1);
    expect(editorBox.list[0].notice_title).toBe(`${owner.username} edited your page "Runbook"`);
  });
});

describe('an item transferred to you', () => {
  it('tells the new owner', async () => {
    const owner = await buildUser(t);
    const heir = await buildUser(t);
    const { item_id } = await buildItem(t, owner, { item_name: 'Legacy docs' });
    expect((await t.call('item/attorn', { item_id, username: heir.username, password: owner.password }, { token: owner.token })).error_code).toBe(0);
    const box = await inbox(heir);
    expect(box.unread_count).toBe(1);
    expect(box.list[0].notice_title).toBe(`${owner.username} transferred the item "Legacy docs" to you`);
  });
});

describe('adminNotice/announce', () => {
  it('sends the announcement to every user', async () => {
    const admin = await buildUser(t, { groupid: 1 });
    const reader = await buildUser(t);
    const users = Number(((await t.services.db('users').count({ n: '*' }).first()) as { n: number | string }).n);
    const r = await t.call(
      'adminNotice/announce',
      { title: 'Maintenance on Sunday', content: 'Folio is read-only from 02:00 to 03:00 UTC.' },
      { token: admin.token },
    );
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ sent: users });
    const box = await inbox(reader);
    expect(box.list[0]).toMatchObject({
      notice_title: 'Maintenance on Sunday',
      notice_content: 'Folio is read-only from 02:00 to 03:00 UTC.',
      notice_type: 'announce',
      from_name: admin.username,
    });
  });

  it('needs a title and an administrator', async () => {
    const admin = await buildUser(t, { groupid: 1 });
    const user = await buildUser(t);
    const empty = await t.call('adminNotice/announce', { title: '  ', content: 'x' }, { token: admin.token });
    expect(empty.error_code).toBe(10100);
    expect(empty.error_message).toMatch(/^title: /);
    expect((await t.call('adminNotice/announce', { title: 'Hi', content: 'x' }, { token: user.token })).error_code).toBe(10103);
    expect((await inbox(user)).total).toBe(0);
  });
});
