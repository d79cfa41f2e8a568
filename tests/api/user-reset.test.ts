import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/passwords.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtpInbox.ts';
import { buildUser } from '../helpers/factories.ts';

let smtp: SmtpInbox;
let smtpPort = 0;
let t: TestServer;
/** Every message the SMTP server received. */
let inbox: SmtpInbox['mails'];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  smtpPort = smtp.port;
  inbox = smtp.mails;
  t = await startTestServer({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_FROM: 'Folio <folio@example.com>', SITE_URL: 'https://docs.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function captcha() {
  const res = await t.fetch('/api/common/verify');
  const id = res.headers.get('x-captcha-id')!;
  const row = await t.services.db('captchas').where({ captcha_id: id }).first();
  return { captcha_id: id, v_code: row.code as string };
}

/** The reset link in the last mail to `address`. */
const linkMailedTo = (address: string): URL => smtp.linkMailedTo(address, 'https://docs.example.com/user/ResetPasswordByUrl?');

describe('user/resetPasswordEmail', () => {
  it('mails a single-use link that resets the password and ends every session', async () => {
    const u = await buildUser(t, { email: 'reset.me@example.com' });
    const r = await t.call('user/resetPasswordEmail', { email: 'Reset.Me@example.com', ...(await captcha()) });
    expect(r.error_code).toBe(0);
    const link = linkMailedTo('reset.me@example.com');
    expect(link.searchParams.get('uid')).toBe(String(u.uid));
    expect(link.searchParams.get('email')).toBe('reset.me@example.com');
    const token = link.searchParams.get('token')!;
    // Only a hash of the token is stored.
    const row = await t.services.db('password_resets').where({ uid: u.uid }).first();
    expect(row.token_hash).toBe(sha256(token));
    expect(row.expires_at - row.created_at).toBe(3600);

    const done = await t.call('user/resetPasswordByUrl', {
      uid: link.searchParams.get('uid'),
      email: link.searchParams.get('email'),
      token,
      new_password: 'from-the-link',
    });
    expect(done.error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(10102);
    expect((await t.call('user/login', { username: u.username, password: 'from-the-link' })).error_code).toBe(0);
    expect((await t.services.db('users').where({ uid: u.uid }).first()).email_verify).toBe(1);

    const reused = await t.call('user/resetPasswordByUrl', { uid: u.uid, email: 'reset.me@example.com', token, new_password: 'second-try' });
    expect(reused.error_code).toBe(10101);
    expect(reused.error_message).toMatch(/invalid, expired or already used/);
  });

  it('never builds the link on the request Host: without SITE_URL or site_url it refuses and sends nothing', async () => {
    const plain = await startTestServer({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) } });
    const plainCaptcha = async () => {
      const id = (await plain.fetch('/api/common/verify')).headers.get('x-captcha-id')!;
      return { captcha_id: id, v_code: (await plain.services.db('captchas').where({ captcha_id: id }).first()).code as string };
    };
    try {
      await buildUser(plain, { email: 'origin@example.com' });
      const before = inbox.length;
      const refused = await plain.call('user/resetPasswordEmail', { email: 'origin@example.com', ...(await plainCaptcha()) });
      expect(refused.error_code).toBe(10101);
      expect(refused.error_message).toMatch(/SITE_URL/);
      expect(inbox.length).toBe(before);

      // With the admin's site_url set, a forged Host header does not reach the mail.
      await plain.services.db('options').insert({ option_name: 'site_url', option_value: 'https://wiki.example.org/' });
      const form = new URLSearchParams({ email: 'origin@example.com', ...(await plainCaptcha()) });
      const res = await plain.fetch('/api/user/resetPasswordEmail', {
        method: 'POST',
        body: form,
        headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
      });
      expect((await res.json()).error_code).toBe(0);
      const mail = inbox.find((m) => m.to.includes('origin@example.com'))!.raw.replace(/=\r?\n/g, '');
      expect(mail).toContain('https://wiki.example.org/user/ResetPasswordByUrl?uid=3D');
      expect(mail).not.toContain('evil.example');
    } finally {
      await plain.close();
    }
  });

  it('answers success for an unknown address and sends nothing', async () => {
    const before = inbox.length;
    const r = await t.call('user/resetPasswordEmail', { email: 'nobody@example.com', ...(await captcha()) });
    expect(r.error_code).toBe(0);
    expect(inbox.length).toBe(before);
  });

  it('returns 10206 without a right verification code, and sends nothing', async () => {
    await buildUser(t, { email: 'nocode@example.com' });
    const before = inbox.length;
    expect((await t.call('user/resetPasswordEmail', { email: 'nocode@example.com' })).error_code).toBe(10206);
    expect(
      (await t.call('user/resetPasswordEmail', { email: 'nocode@example.com', captcha_id: (await captcha()).captcha_id, v_code: '1111' })).error_code,
    ).toBe(10206);
    expect(inbox.length).toBe(before);
  });

  it('returns 10100 naming email for a malformed address', async () => {
    const r = await t.call('user/resetPasswordEmail', { email: '<script>@x', ...(await captcha()) });
    expect(r.error_code).toBe(10100);
    expect(r.error_message).toMatch(/^email: /);
  });

  it('returns 10101 saying mail is not configured when SMTP_HOST is unset', async () => {
    const noMail = await startTestServer();
    try {
      const r = await noMail.call('user/resetPasswordEmail', { email: 'x@example.com', v_code: 'ABCD' });
      expect(r.error_code).toBe(10101);
      expect(r.error_message).toMatch(/Mail is not configured/);
    } finally {
      await noMail.close();
    }
  });
});

describe('user/resetPasswordByUrl', () => {
  async function mailedLink(email: string) {
    await t.call('user/resetPasswordEmail', { email, ...(await captcha()) });
    return linkMailedTo(email);
  }

  it('returns 10101 for an expired link and keeps the password', async () => {
    const u = await buildUser(t, { email: 'expired@example.com' });
    const link = await mailedLink('expired@example.com');
    await t.services
      .db('password_resets')
      .where({ uid: u.uid })
      .update({ expires_at: t.services.now() - 1 });
    const r = await t.call('user/resetPasswordByUrl', {
      uid: u.uid,
      email: 'expired@example.com',
      token: link.searchParams.get('token'),
      new_password: 'never-set',
    });
    expect(r.error_code).toBe(10101);
    expect((await t.call('user/login', { username: u.username, password: u.password })).error_code).toBe(0);
  });

  it('returns 10101 for a wrong token, uid or e-mail', async () => {
    const u = await buildUser(t, { email: 'wrong@example.com' });
    const other = await buildUser(t);
    const link = await mailedLink('wrong@example.com');
    const token = link.searchParams.get('token')!;
    for (const params of [
      { uid: u.uid, email: 'wrong@example.com', token: 'f'.repeat(64) },
      { uid: other.uid, email: 'wrong@example.com', token },
      { uid: u.uid, email: 'other@example.com', token },
    ]) {
      expect((await t.call('user/resetPasswordByUrl', { ...params, new_password: 'never-set' })).error_code, JSON.stringify(params)).toBe(10101);
    }
    // The real link still works after the failed attempts.
    expect((await t.call('user/resetPasswordByUrl', { uid: u.uid, email: 'wrong@example.com', token, new_password: 'finally-set' })).error_code).toBe(0);
  });

  it('returns 10100 naming the field for a short password or a missing token', async () => {
    const short = await t.call('user/resetPasswordByUrl', { uid: 1, email: 'a@example.com', token: 'abc', new_password: '123' });
    expect(short.error_message).toMatch(/^new_password: must be at least 6/);
    const noToken = await t.call('user/resetPasswordByUrl', { uid: 1, email: 'a@example.com', new_password: 'long-enough' });
    expect(noToken.error_message).toMatch(/^token: is required/);
  });

  it('lets a link work once even when used twice at the same moment', async () => {
    const u = await buildUser(t, { email: 'race@example.com' });
    const link = await mailedLink('race@example.com');
    const params = { uid: u.uid, email: 'race@example.com', token: link.searchParams.get('token') };
    const answers = await Promise.all([
      t.call('user/resetPasswordByUrl', { ...params, new_password: 'racer-one' }),
      t.call('user/resetPasswordByUrl', { ...params, new_password: 'racer-two' }),
    ]);
    expect(answers.map((a) => a.error_code).sort()).toEqual([0, 10101]);
  });
});
