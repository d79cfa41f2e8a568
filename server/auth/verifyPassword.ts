import { isBcryptHash, verifyBcrypt } from './bcrypt.ts';
import { isLegacyMd5Hash, verifyLegacyMd5 } from './legacyPasswords.ts';
import { hashPassword, isScryptHash, verifyScrypt } from './passwords.ts';

export interface PasswordCheck {
  ok: boolean;
  /** The hash is a ShowDoc format (md5 or bcrypt): store a scrypt hash after this login. */
  needsUpgrade: boolean;
}

/** One check for every stored format: Folio's scrypt, ShowDoc's bcrypt and ShowDoc's legacy md5. */
export async function verifyUserPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (isScryptHash(stored)) return { ok: await verifyScrypt(password, stored), needsUpgrade: false };
  if (isBcryptHash(stored)) return { ok: await verifyBcrypt(password, stored), needsUpgrade: true };
  if (isLegacyMd5Hash(stored)) return { ok: verifyLegacyMd5(password, stored), needsUpgrade: true };
  return { ok: false, needsUpgrade: false };
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same scrypt time as a real check, for logins naming no account, so response timing
 * does not tell which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('folio-timing-equaliser');
  await verifyScrypt(password, await dummyHash);
}
