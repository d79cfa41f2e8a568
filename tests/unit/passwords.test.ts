import { describe, expect, it } from 'vitest';
import { isBcryptHash, verifyBcrypt } from '../../server/auth/bcrypt.ts';
import { legacyMd5Digest, toLegacyMd5Hash, verifyLegacyMd5 } from '../../server/auth/legacyPasswords.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { verifyUserPassword } from '../../server/auth/verifyPassword.ts';

describe('bcrypt', () => {
  // Vectors from OpenBSD / Openwall crypt_blowfish's test suite.
  const vectors: [string, string][] = [
    ['U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'],
    ['U*U*', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK'],
    ['U*U*U', '$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a'],
    ['', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy'],
    [
      '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored',
      '$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui',
    ],
    // PHP's own password_hash output, as ShowDoc stores it (php.net password_hash / password_verify examples).
    ['rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a'],
    ['rasmuslerdorf', '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq'],
  ];
  for (const [password, hash] of vectors) {
    it(`verifies ${JSON.stringify(password.slice(0, 12))} against the known hash ${hash.slice(0, 7)}`, async () => {
      expect(isBcryptHash(hash)).toBe(true);
      expect(await verifyBcrypt(password, hash)).toBe(true);
      expect(await verifyBcrypt(`${password}x`, hash)).toBe(password.length >= 72);
    });
  }

  it("accepts PHP's $2y$ and $2b$ prefixes like $2a$", async () => {
    expect(await verifyBcrypt('U*U', '$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toBe(true);
    expect(await verifyBcrypt('U*U', '$2b$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toBe(true);
  });

  it('rejects a wrong password and malformed hashes', async () => {
    expect(await verifyBcrypt('U*V', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toBe(false);
    expect(await verifyBcrypt('U*U', '$2a$05$CCCC')).toBe(false);
    expect(await verifyBcrypt('U*U', '$2a$99$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toBe(false);
    expect(isBcryptHash('scrypt$1$2$3$4$5')).toBe(false);
  });
});

describe('legacy md5', () => {
  it("matches ShowDoc's seed user showdoc/123456 (unsalted)", () => {
    expect(legacyMd5Digest('123456', '')).toBe('a89da13684490eb9ec9e613f91d24d00');
    expect(verifyLegacyMd5('123456', toLegacyMd5Hash('a89da13684490eb9ec9e613f91d24d00', ''))).toBe(true);
    expect(verifyLegacyMd5('1234567', toLegacyMd5Hash('a89da13684490eb9ec9e613f91d24d00', ''))).toBe(false);
  });

  it('uses the salt', () => {
    const salt = '0123456789abcdef0123456789abcdef';
    const stored = toLegacyMd5Hash(legacyMd5Digest('pa55word', salt), salt);
    expect(verifyLegacyMd5('pa55word', stored)).toBe(true);
    expect(verifyLegacyMd5('pa55word', toLegacyMd5Hash(legacyMd5Digest('pa55word', salt), 'other'))).toBe(false);
  });

  it('compares hashes case-insensitively (ShowDoc rows may be upper-case hex)', () => {
    expect(verifyLegacyMd5('123456', toLegacyMd5Hash('A89DA13684490EB9EC9E613F91D24D00', ''))).toBe(true);
  });
});

describe('verifyUserPassword', () => {
  it('verifies scrypt hashes without asking for an upgrade', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyUserPassword('correct horse', stored)).toEqual({ ok: true, needsUpgrade: false });
    expect((await verifyUserPassword('wrong horse', stored)).ok).toBe(false);
  });

  it('asks for an upgrade of ShowDoc formats', async () => {
    expect(await verifyUserPassword('123456', 'legacy-md5$$a89da13684490eb9ec9e613f91d24d00')).toEqual({ ok: true, needsUpgrade: true });
    expect(await verifyUserPassword('U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toEqual({ ok: true, needsUpgrade: true });
    expect(await verifyUserPassword('rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a')).toEqual({ ok: true, needsUpgrade: true });
  });

  it('refuses unknown formats and empty hashes', async () => {
    expect((await verifyUserPassword('x', '')).ok).toBe(false);
    expect((await verifyUserPassword('x', 'plaintext')).ok).toBe(false);
  });
});
