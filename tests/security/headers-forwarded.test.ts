import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_POLICY } from '../../server/throttle/loginThrottle.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * X-Forwarded-For (issue #13 V2). Behind TRUST_PROXY the client address is the right-most entry
 * our own proxies did not add (TRUST_PROXY_HOPS of them), so a client that forges left-most
 * entries still meets the per-IP login limit (50 failures in 10 minutes → 10429).
 */
const LIMIT = LOGIN_POLICY.ipMaxFailures;
let oneHop: TestServer;
let twoHops: TestServer;

beforeAll(async () => {
  oneHop = await startTestServer({ env: { TRUST_PROXY: '1' } });
  twoHops = await startTestServer({ env: { TRUST_PROXY: '1', TRUST_PROXY_HOPS: '2' } });
});
afterAll(async () => {
  await oneHop.close();
  await twoHops.close();
});

/** Failures an address already made in this window (each real login costs a password hash). */
async function seedFailures(t: TestServer, ip: string, count: number): Promise<void> {
  await t.services.db('auth_failures').insert({ key: `login:ip:${ip}`, count, first_at: t.services.now() - 60, locked_until: 0 });
}

/**
 * Wrong passwords for fresh usernames (no account lock), each with its own forged address and a
 * solved captcha (an address needs one after 3 failures), as a determined attacker would send.
 */
async function failLogins(t: TestServer, count: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers = { 'X-Forwarded-For': forwardedFor(i) };
    const image = await t.fetch('/api/common/verify', { headers });
    const captchaId = image.headers.get('x-captcha-id')!;
    const { code } = await t.services.db('captchas').where({ captcha_id: captchaId }).first();
    const r = await t.call('user/login', { username: `nobody${i}`, password: 'wrong-password', captcha_id: captchaId, v_code: code }, { headers });
    codes.push(r.error_code);
  }
  return codes;
}

describe('the per-IP login limit behind a proxy', () => {
  it('counts the address the proxy saw, whatever the client forged before it', async () => {
    // What a proxy forwards: the client's forged list, then the address it really came from.
    // LIMIT - 5 failures already counted for the real address (as if made earlier), then the forged run.
    await seedFailures(oneHop, '203.0.113.7', LIMIT - 5);
    const codes = await failLogins(oneHop, 8, (i) => `198.51.100.${i}, 10.${i}.0.1, 203.0.113.7`);
    expect(codes.slice(0, 5).every((c) => c === 10210)).toBe(true);
    expect(codes.slice(5)).toEqual([10429, 10429, 10429]);
    const row = await oneHop.services.db('auth_failures').where({ key: 'login:ip:203.0.113.7' }).first();
    expect(row.count).toBeGreaterThanOrEqual(LIMIT);
    expect(await oneHop.services.db('auth_failures').where('key', 'like', 'login:ip:198.51.100.%').first()).toBeUndefined();
  });

  it('with TRUST_PROXY_HOPS=2 skips exactly the two proxies of ours', async () => {
    await seedFailures(twoHops, '203.0.113.9', LIMIT - 2);
    const codes = await failLogins(twoHops, 4, (i) => `192.0.2.${i}, 203.0.113.9, 10.0.0.${i}`);
    expect(codes.at(-1)).toBe(10429);
    expect(await twoHops.services.db('auth_failures').where({ key: 'login:ip:203.0.113.9' }).first()).toBeTruthy();
  });

  it('still tells real clients apart: another address logs in fine', async () => {
    const u = await buildUser(oneHop);
    const r = await oneHop.call('user/login', { username: u.username, password: u.password }, { headers: { 'X-Forwarded-For': '203.0.113.7, 203.0.113.8' } });
    expect(r.error_code).toBe(0);
  });
});
