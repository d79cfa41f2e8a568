import crypto from 'node:crypto';

/** `YYYY-MM-DD/<32 hex>`: a date folder (UTC) and a random name. No user input ever reaches a key. */
const STORAGE_KEY_PATTERN = /^\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}$/;

export function newStorageKey(nowSeconds: number): string {
  const day = new Date(nowSeconds * 1000).toISOString().slice(0, 10);
  return `${day}/${crypto.randomBytes(16).toString('hex')}`;
}

export function isValidStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}
