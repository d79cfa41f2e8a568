import { hashPassword, verifyScrypt } from './passwords.ts';

/**
 * Item visit passwords are hashed like user passwords (ShowDoc keeps them in plaintext).
 * An empty password means a public item and is stored as ''.
 */
export async function hashItemPassword(password: string): Promise<string> {
  return password ? hashPassword(password) : '';
}

export async function verifyItemPassword(password: string, stored: string): Promise<boolean> {
  if (!stored || !password) return false;
  return verifyScrypt(password, stored);
}
