import bcrypt from 'bcryptjs';

/**
 * bcrypt verification, for password hashes imported from ShowDoc (`$2y$10$…` made by PHP's
 * password_hash). Folio never makes new bcrypt hashes (it uses scrypt); it checks old ones with
 * bcryptjs and the caller upgrades them at the next login.
 */

// $2a$, $2b$ and PHP's $2y$ are the same algorithm; bcryptjs reads all three.
const BCRYPT_PATTERN = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const MIN_COST = 4;
const MAX_COST = 31;

export function isBcryptHash(stored: string): boolean {
  return BCRYPT_PATTERN.test(stored);
}

/** True when `password` matches the bcrypt hash; false for a wrong password or a malformed hash. */
export async function verifyBcrypt(password: string, stored: string): Promise<boolean> {
  const match = BCRYPT_PATTERN.exec(stored);
  if (!match) return false;
  const cost = Number(match[1]);
  if (cost < MIN_COST || cost > MAX_COST) return false;
  return bcrypt.compare(password, stored);
}
