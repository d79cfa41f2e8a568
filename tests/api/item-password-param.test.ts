import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMember, buildItem, buildPage, buildUser } from '../helpers/factories.ts';

/**
 * Issue #20, part 5: ShowDoc's `_item_pwd` parameter on a read verifies the visit password. It
 * used to do so without limit (150 wrong guesses in 27 s, then the right one opened the page, and
 * it still opened the item after item/pwd had demanded a captcha). It now counts in the same
 * item/IP throttle as item/pwd: 5 failures, then a verification code is required.
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
});
afterAll(() => t.close());

const makeCaptcha = async (code: string) => {
  const id = `cap${Math.random().toString(36).slice(2)}`;
  await t.services.db('captchas').insert({ captcha_id: id, code, expires_at: t.services.now() + 600, created_at: t.services.now() });
  return id;
};

describe('_item_pwd on reads', () => {
  it('stops guessing on page/info after 5 failures: the right password then needs a code (10308)', async () => {
    const { item_id } = await buildItem(t, owner, { password: 'Right-pw-9' });
    const pageId = await buildPage(t, item_id, { page_title: 'Secret' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await t.call('page/info', { page_id: pageId, _item_pwd: `guess${i}` })).error_code);
    expect(codes.slice(0, 4)).toEqual([10303, 10303, 10303, 10303]);
    expect(codes.slice(4)).toEqual([10308, 10308, 10308, 10308]);
    const right = await t.call('page/info', { page_id: pageId, _item_pwd: 'Right-pw-9' });
    expect(right.error_code).toBe(10308);
    expect(right.data?.page_content).toBeUndefined();
    // Counted where item/pwd counts: item/pwd asks for the code too.
    expect((await t.call('item/pwd', { item_id, password: 'Right-pw-9' })).error_code).toBe(10308);
  });

  it('no longer opens the item with _item_pwd after item/pwd demanded a captcha', async () => {
    const { item_id } = await buildItem(t, owner, { password: 'Right-pw-8' });
    for (let i = 0; i < 5; i++) await t.call('item/pwd', { item_id, password: `bad${i}` });
    expect((await t.call('item/pwd', { item_id, password: 'Right-pw-8' })).error_code).toBe(10308);
    expect((await t.call('item/info', { item_id, _item_pwd: 'Right-pw-8' })).error_code).toBe(10308);
    expect((await t.call('item/info', { item_id, _item_pwd: 'Right-pw-8' }, { method: 'GET' })).error_code).toBe(10308);
    const wrongCode = await makeCaptcha('WXYZ');
    expect((await t.call('item/info', { item_id, _item_pwd: 'Right-pw-8', captcha_id: wrongCode, v_code: 'AAAA' })).error_code).toBe(10206);
    const good = await makeCaptcha('WXYZ');
    const opened = await t.call('item/info', { item_id, _item_pwd: 'Right-pw-8', captcha_id: good, v_code: 'wxyz' });
    expect(opened.error_code, opened.error_message).toBe(0);
    // A right password clears the counter, as item/pwd's does.
    expect((await t.call('item/info', { item_id, _item_pwd: 'Right-pw-8' })).error_code).toBe(0);
  });

  it('counts per IP and item: another item is not affected', async () => {
    const a = await buildItem(t, owner, { password: 'pw-a-123' });
    const b = await buildItem(t, owner, { password: 'pw-b-123' });
    for (let i = 0; i < 5; i++) await t.call('item/info', { item_id: a.item_id, _item_pwd: `x${i}` });
    expect((await t.call('item/info', { item_id: a.item_id, _item_pwd: 'pw-a-123' })).error_code).toBe(10308);
    expect((await t.call('item/info', { item_id: b.item_id, _item_pwd: 'pw-b-123' })).error_code).toBe(0);
  });

  it('does not count members, whose rows open the item whatever _item_pwd says', async () => {
    const { item_id } = await buildItem(t, owner, { password: 'pw-m-123' });
    const member = await buildUser(t);
    await addMember(t, item_id, member, 0);
    for (let i = 0; i < 6; i++) expect((await t.call('item/info', { item_id, _item_pwd: `nope${i}` }, { token: member.token })).error_code).toBe(0);
    expect(await t.services.db('auth_failures').where('key', 'like', `item:${item_id}:%`)).toHaveLength(0);
  });
});
