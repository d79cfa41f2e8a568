import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/passwords.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtpInbox.ts';
import { buildItem, buildUser } from '../helpers/factories.ts';

/**
 * Issue #20.7: an e-mail address names a person only once its owner followed the mailed link.
 * A real SMTP server receives the mail; the link is followed over real HTTP (GET shows the page,
 * the page's POST of user/verifyEmail verifies).
 */
let smtp: SmtpInbox;
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;
const SITE = 'https://docs.example.com';

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await startTestServer({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Folio <folio@example.com>', SITE_URL: SITE } });
  owner = await buildUser(t, { username: 'owner' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const verifyLinkTo = (address: string) => smtp.linkMailedTo(address, `${SITE}/user/verifyEmail?`);
const userRow = (uid: number) => t.services.db('users').where({ uid }).first();
const info = async (u: { token: string }) => (await t.call('user/info', {}, { token: u.token })).data;
async function captcha() {
  const id = (await t.fetch('/api/common/verify')).headers.get('x-captcha-id')!;
  return { captcha_id: id, v_code: (await t.services.db('captchas').where({ captcha_id: id }).first()).code as string };
}
/** Follows a mailed link as a browser would: GET the page (no change), then the page's POST. */
async function follow(link: URL) {
  const page = await t.fetch(link.pathname + link.search);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  return t.call('user/verifyEmail', { token: link.searchParams.get('token') });
}

describe('issue #20.7: an unverified address is no identity', () => {
  it('mallory claims newhire@corp.example: adding it as editor, team member or transfer target finds nobody', async () => {
    const mallory = await buildUser(t, { username: 'mallory' });
    const claim = await t.call('user/updateEmail', { email: 'newhire@corp.example', password: mallory.password }, { token: mallory.token });
    expect(claim).toMatchObject({ error_code: 0, data: { pending_email: 'newhire@corp.example' } });
    expect(await info(mallory)).toMatchObject({ email: '', email_verify: 0, pending_email: 'newhire@corp.example' });

    const item = await buildItem(t, owner);
    const member = await t.call(
      'member/save',
      { item_id: item.item_id, username: 'newhire@corp.example', member_group_id: 1, cat_id: 0 },
      { token: owner.token },
    );
    expect(member.error_code).toBe(10209);
    expect(member.error_message).toContain('newhire@corp.example');
    expect(await t.services.db('item_members').where({ item_id: item.item_id, uid: mallory.uid })).toHaveLength(0);

    const team = await t.call('team/save', { team_name: 'Hires' }, { token: owner.token });
    const teamMember = await t.call('teamMember/save', { team_id: team.data.id, member_username: 'newhire@corp.example' }, { token: owner.token });
    expect(teamMember.error_code).toBe(10209);

    const transfer = await t.call('item/attorn', { item_id: item.item_id, username: 'newhire@corp.example', password: owner.password }, { token: owner.token });
    expect(transfer.error_code).toBe(10209);
    expect((await t.services.db('items').where({ item_id: item.item_id }).first()).uid).toBe(owner.uid);

    // Nor can the claimed address log in or receive a reset link.
    expect((await t.call('user/login', { username: 'newhire@corp.example', password: mallory.password })).error_code).toBe(10210);
    const mailsBefore = smtp.mails.length;
    expect((await t.call('user/resetPasswordEmail', { email: 'newhire@corp.example', ...(await captcha()) })).error_code).toBe(0);
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('the mailbox owner follows the link: GET changes nothing, the POST verifies, and then the address names them', async () => {
    const hire = await buildUser(t, { username: 'hire' });
    const r = await t.call('user/updateEmail', { email: 'Real.Hire@Corp.Example', password: hire.password }, { token: hire.token });
    expect(r.error_code).toBe(0);
    const link = verifyLinkTo('real.hire@corp.example');
    expect(link.pathname).toBe('/user/verifyEmail');
    const token = link.searchParams.get('token')!;
    // Only a hash of the token is stored, with the address and a day's expiry.
    const row = await t.services.db('password_resets').where({ uid: hire.uid, purpose: 'verify_email' }).first();
    expect(row).toMatchObject({ token_hash: sha256(token), email: 'real.hire@corp.example', used_at: 0 });
    expect(row.expires_at - row.created_at).toBe(24 * 3600);

    const page = await t.fetch(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await userRow(hire.uid)).toMatchObject({ email: null, email_verify: 0 });

    const done = await t.call('user/verifyEmail', { token });
    expect(done).toMatchObject({ error_code: 0, data: { username: 'hire', email: 'real.hire@corp.example' } });
    expect(await info(hire)).toMatchObject({ email: 'real.hire@corp.example', email_verify: 1, pending_email: '' });

    const item = await buildItem(t, owner);
    const member = await t.call(
      'member/save',
      { item_id: item.item_id, username: 'real.hire@corp.example', member_group_id: 1, cat_id: 0 },
      { token: owner.token },
    );
    expect(member.error_code).toBe(0);
    expect((await t.services.db('item_members').where({ item_id: item.item_id }).first()).uid).toBe(hire.uid);
    expect((await t.call('user/login', { username: 'real.hire@corp.example', password: hire.password })).data.uid).toBe(hire.uid);

    // The link works once.
    const again = await t.call('user/verifyEmail', { token });
    expect(again.error_code).toBe(10101);
    expect(again.error_message).toMatch(/invalid, expired or already used/);
  });

  it("keeps the verified address until the new one is verified, and drops another account's unverified claim on it", async () => {
    const kim = await buildUser(t, { username: 'kim', email: 'kim@corp.example' });
    const squatter = await buildUser(t, { username: 'squatter' });
    // An unverified claim left from before verification existed.
    await t.services.db('users').where({ uid: squatter.uid }).update({ email: 'kim.new@corp.example', email_verify: 0 });
    expect((await t.call('user/updateEmail', { email: 'kim.new@corp.example', password: kim.password }, { token: kim.token })).error_code).toBe(0);
    expect(await info(kim)).toMatchObject({ email: 'kim@corp.example', email_verify: 1, pending_email: 'kim.new@corp.example' });
    expect((await follow(verifyLinkTo('kim.new@corp.example'))).error_code).toBe(0);
    expect(await userRow(kim.uid)).toMatchObject({ email: 'kim.new@corp.example', email_verify: 1 });
    expect(await userRow(squatter.uid)).toMatchObject({ email: null, email_verify: 0 });
  });

  it('returns 10202 when another account has the address verified, before or by the time the link is followed', async () => {
    await buildUser(t, { username: 'holder', email: 'held@corp.example' });
    const late = await buildUser(t, { username: 'late' });
    expect((await t.call('user/updateEmail', { email: 'HELD@corp.example', password: late.password }, { token: late.token })).error_code).toBe(10202);

    const a = await buildUser(t, { username: 'racer_a' });
    const b = await buildUser(t, { username: 'racer_b' });
    await t.call('user/updateEmail', { email: 'race@corp.example', password: a.password }, { token: a.token });
    const linkA = verifyLinkTo('race@corp.example');
    await t.call('user/updateEmail', { email: 'race@corp.example', password: b.password }, { token: b.token });
    const linkB = verifyLinkTo('race@corp.example');
    expect((await follow(linkB)).error_code).toBe(0);
    expect((await follow(linkA)).error_code).toBe(10202);
    expect(await userRow(a.uid)).toMatchObject({ email: null, email_verify: 0 });
  });

  it('refuses an expired link', async () => {
    const u = await buildUser(t);
    await t.call('user/updateEmail', { email: 'slow@corp.example', password: u.password }, { token: u.token });
    const link = verifyLinkTo('slow@corp.example');
    await t.services
      .db('password_resets')
      .where({ uid: u.uid, purpose: 'verify_email' })
      .update({ expires_at: t.services.now() - 1 });
    expect((await follow(link)).error_code).toBe(10101);
    expect(await userRow(u.uid)).toMatchObject({ email: null, email_verify: 0 });
  });

  it('a verification link is no reset link, and a reset link no verification link', async () => {
    const u = await buildUser(t);
    await t.call('user/updateEmail', { email: 'mixed@corp.example', password: u.password }, { token: u.token });
    const token = verifyLinkTo('mixed@corp.example').searchParams.get('token')!;
    const asReset = await t.call('user/resetPasswordByUrl', { uid: u.uid, email: 'mixed@corp.example', token, new_password: 'never-set-1' });
    expect(asReset.error_code).toBe(10101);
    expect((await t.call('user/login', { username: u.username, password: u.password })).error_code).toBe(0);
  });
});

describe('user/resendEmailVerification', () => {
  it('mails a fresh link at most once a minute; the older link dies', async () => {
    const u = await buildUser(t);
    await t.call('user/updateEmail', { email: 'again@corp.example', password: u.password }, { token: u.token });
    const first = verifyLinkTo('again@corp.example');
    const tooSoon = await t.call('user/resendEmailVerification', {}, { token: u.token });
    expect(tooSoon.error_code).toBe(10101);
    expect(tooSoon.error_message).toMatch(/seconds ago/);
    await t.services
      .db('password_resets')
      .where({ uid: u.uid, purpose: 'verify_email' })
      .update({ created_at: t.services.now() - 61 });
    const resent = await t.call('user/resendEmailVerification', {}, { token: u.token });
    expect(resent).toMatchObject({ error_code: 0, data: { pending_email: 'again@corp.example' } });
    const second = verifyLinkTo('again@corp.example');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await follow(first)).error_code).toBe(10101);
    expect((await follow(second)).error_code).toBe(0);
  });

  it("mails a link for the account's own unverified address (one set before verification existed)", async () => {
    const u = await buildUser(t);
    await t.services.db('users').where({ uid: u.uid }).update({ email: 'legacy@corp.example', email_verify: 0 });
    expect((await t.call('user/resendEmailVerification', {}, { token: u.token })).error_code).toBe(0);
    expect((await follow(verifyLinkTo('legacy@corp.example'))).error_code).toBe(0);
    expect(await userRow(u.uid)).toMatchObject({ email: 'legacy@corp.example', email_verify: 1 });
  });

  it('returns 10101 when nothing waits for verification, and 10102 for a guest', async () => {
    const u = await buildUser(t, { email: 'done@corp.example' });
    expect((await t.call('user/resendEmailVerification', {}, { token: u.token })).error_code).toBe(10101);
    expect((await t.call('user/resendEmailVerification', {})).error_code).toBe(10102);
  });
});

describe('user/verifyEmail', () => {
  it('refuses GET (no state change over GET) and a forged token', async () => {
    const u = await buildUser(t);
    await t.call('user/updateEmail', { email: 'get@corp.example', password: u.password }, { token: u.token });
    const token = verifyLinkTo('get@corp.example').searchParams.get('token')!;
    const viaGet = await t.fetch(`/api/user/verifyEmail?token=${token}`);
    expect(viaGet.status).toBe(405);
    expect(await userRow(u.uid)).toMatchObject({ email: null });
    expect((await t.call('user/verifyEmail', { token: 'forged' })).error_code).toBe(10101);
    expect((await t.call('user/verifyEmail', {})).error_message).toMatch(/^token: /);
  });
});

describe('without SMTP', () => {
  it('refuses updateEmail naming SMTP_HOST; an address the administrator sets counts at once', async () => {
    const plain = await startTestServer();
    try {
      const admin = await buildUser(plain, { groupid: 1 });
      const u = await buildUser(plain);
      const refused = await plain.call('user/updateEmail', { email: 'nosmtp@corp.example', password: u.password }, { token: u.token });
      expect(refused.error_code).toBe(10101);
      expect(refused.error_message).toMatch(/SMTP_HOST/);
      const set = await plain.call('adminUser/addUser', { uid: u.uid, name: 'Set by admin', email: 'NoSmtp@corp.example' }, { token: admin.token });
      expect(set.error_code).toBe(0);
      expect(await plain.services.db('users').where({ uid: u.uid }).first()).toMatchObject({ email: 'nosmtp@corp.example', email_verify: 1 });
      const item = await buildItem(plain, admin);
      expect(
        (await plain.call('member/save', { item_id: item.item_id, username: 'nosmtp@corp.example', member_group_id: 1, cat_id: 0 }, { token: admin.token }))
          .error_code,
      ).toBe(0);
      const bad = await plain.call('adminUser/addUser', { uid: u.uid, name: 'x', email: 'not-an-address' }, { token: admin.token });
      expect(bad.error_code).toBe(10100);
      expect(bad.error_message).toMatch(/^email: /);
    } finally {
      await plain.close();
    }
  });
});
