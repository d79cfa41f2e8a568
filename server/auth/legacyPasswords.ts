import crypto from 'node:crypto';

/**
 * ShowDoc's legacy password scheme, kept only to verify imported accounts:
 * `md5( base64( md5(password) as hex string ) + "576hbgh6" + salt )` in hex. Folio stores such
 * rows as `legacy-md5$<salt>$<hash>` (salt may be empty for very old rows).
 */
const PREFIX = 'legacy-md5$';
const LEGACY_PEPPER = '576hbgh6';

const md5Hex = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex');

export function legacyMd5Digest(password: string, salt: string): string {
  return md5Hex(Buffer.from(md5Hex(password)).toString('base64') + LEGACY_PEPPER + salt);
}

/** The stored form of a ShowDoc `password` + `salt` column pair. */
export function toLegacyMd5Hash(showdocHash: string, salt: string): string {
  return `${PREFIX}${salt}$${showdocHash.toLowerCase()}`;
}

export function isLegacyMd5Hash(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function verifyLegacyMd5(password: string, stored: string): boolean {
  if (!isLegacyMd5Hash(stored)) return false;
  const rest = stored.slice(PREFIX.length);
  const dollar = rest.lastIndexOf('$');
  if (dollar < 0) return false;
  const salt = rest.slice(0, dollar);
  const expected = Buffer.from(rest.slice(dollar + 1).toLowerCase());
  const actual = Buffer.from(legacyMd5Digest(password, salt));
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
