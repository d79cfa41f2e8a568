import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

// N=2^15, r=8, p=1 by default: ~40-50 ms on this machine; memory 32 MiB (maxmem raised accordingly).
// The cost is set once from PASSWORD_HASH_COST when the services start; checks read N from the hash,
// so hashes made at another cost keep verifying.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };

/** Sets the cost of hashes made from now on (log2 of scrypt's N); called once with the configuration. */
export function setPasswordHashCost(log2N: number): void {
  PARAMS.N = 2 ** log2N;
}
const KEYLEN = 32;

/** Hashes a password with scrypt: `scrypt$N$r$p$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Verifies a scrypt hash made by `hashPassword`. Legacy formats are handled in `legacyPasswords`. */
export async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64!, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64!, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

export function isScryptHash(stored: string): boolean {
  return stored.startsWith('scrypt$');
}

/** sha256 hex, for storing random tokens (sessions, reset links) without keeping them. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('hex');
}
