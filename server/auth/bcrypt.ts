import crypto from 'node:crypto';

/**
 * bcrypt verification, for password hashes imported from ShowDoc (`$2y$10$…` made by PHP's
 * password_hash). Folio never makes new bcrypt hashes (it uses scrypt); it only checks old ones
 * and upgrades them at the next login, so no bcrypt package is needed.
 *
 * bcrypt = EksBlowfishSetup(cost, salt, password) then 64 Blowfish encryptions of
 * "OrpheanBeholderScryDoubt". Blowfish's initial P-array and S-boxes are the fractional hex
 * digits of pi; they are computed once (BigInt Machin formula) instead of pasting 4 KiB of
 * constants.
 */

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BCRYPT_PATTERN = /^\$2[abxy]\$(\d{2})\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;
const P_WORDS = 18;
const S_WORDS = 4 * 256;
const MAGIC = Buffer.from('OrpheanBeholderScryDoubt', 'latin1');

export function isBcryptHash(stored: string): boolean {
  return BCRYPT_PATTERN.test(stored);
}

let piWords: Uint32Array | null = null;

/** The first `count` 32-bit words of pi's fractional part (0x243F6A88, 0x85A308D3, …). */
export function piFractionWords(count: number): Uint32Array {
  if (piWords && piWords.length >= count) return piWords.subarray(0, count);
  const bits = BigInt(count * 32 + 64); // 64 guard bits absorb the truncation error of the series
  const one = 1n << bits;
  // Machin: pi = 16·atan(1/5) − 4·atan(1/239)
  const atanInv = (x: bigint): bigint => {
    let sum = 0n;
    let power = one / x; // 1/x^(2k+1)
    const x2 = x * x;
    for (let k = 0n; power !== 0n; k++) {
      const term = power / (2n * k + 1n);
      sum = k % 2n === 0n ? sum + term : sum - term;
      power /= x2;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  const fraction = (pi - 3n * one) >> 64n; // drop the guard bits
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i++) words[i] = Number((fraction >> BigInt((count - 1 - i) * 32)) & 0xffffffffn);
  piWords = words;
  return words;
}

class Blowfish {
  readonly p: Uint32Array;
  readonly s: Uint32Array;
  constructor() {
    const init = piFractionWords(P_WORDS + S_WORDS);
    this.p = init.slice(0, P_WORDS);
    this.s = init.slice(P_WORDS, P_WORDS + S_WORDS);
  }

  private f(x: number): number {
    const s = this.s;
    return (((s[x >>> 24]! + s[256 | ((x >>> 16) & 0xff)]!) ^ s[512 | ((x >>> 8) & 0xff)]!) + s[768 | (x & 0xff)]!) >>> 0;
  }

  /** Encrypts the block at lr[off], lr[off+1] in place. */
  encipher(lr: Uint32Array, off: number): void {
    const p = this.p;
    let l = lr[off]! ^ p[0]!;
    let r = lr[off + 1]!;
    for (let i = 1; i < 17; i += 2) {
      r ^= this.f(l) ^ p[i]!;
      l ^= this.f(r >>> 0) ^ p[i + 1]!;
      l >>>= 0;
      r >>>= 0;
    }
    lr[off] = (r ^ p[17]!) >>> 0;
    lr[off + 1] = l;
  }

  /** Blowfish's key schedule, with bcrypt's salt mixed in (a null salt gives the plain schedule). */
  expandKey(key: Buffer, salt: Buffer | null): void {
    const keyPos = { i: 0 };
    for (let i = 0; i < P_WORDS; i++) this.p[i] = (this.p[i]! ^ streamWord(key, keyPos)) >>> 0;
    const saltPos = { i: 0 };
    const block = new Uint32Array(2);
    const fill = (target: Uint32Array) => {
      for (let i = 0; i < target.length; i += 2) {
        if (salt) {
          block[0] = block[0]! ^ streamWord(salt, saltPos);
          block[1] = block[1]! ^ streamWord(salt, saltPos);
        }
        this.encipher(block, 0);
        target[i] = block[0]!;
        target[i + 1] = block[1]!;
      }
    };
    fill(this.p);
    fill(this.s);
  }
}

/** The next 4 bytes of `data` (cyclically) as a big-endian word. */
function streamWord(data: Buffer, pos: { i: number }): number {
  let word = 0;
  for (let k = 0; k < 4; k++) {
    word = ((word << 8) | data[pos.i]!) >>> 0;
    pos.i = (pos.i + 1) % data.length;
  }
  return word;
}

function decodeBase64(text: string, byteCount: number): Buffer {
  const out = Buffer.alloc(byteCount);
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const ch of text) {
    acc = (acc << 6) | BCRYPT_ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n < byteCount) out[n++] = (acc >>> bits) & 0xff;
    }
  }
  return out;
}

function encodeBase64(data: Buffer): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const byte of data) {
    acc = ((acc << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += BCRYPT_ALPHABET[(acc >>> bits) & 0x3f];
    }
  }
  if (bits > 0) out += BCRYPT_ALPHABET[(acc << (6 - bits)) & 0x3f];
  return out;
}

/** Computes the bcrypt hash string of `password` with the cost and salt of `settings` (`$2a$05$<22 chars>…`). */
export function bcryptHash(password: string, settings: string): string {
  const m = /^(\$2[abxy]\$(\d{2})\$)([./A-Za-z0-9]{22})/.exec(settings);
  if (!m) throw new Error('bcrypt: malformed settings');
  const cost = Number(m[2]);
  if (cost < 4 || cost > 31) throw new Error('bcrypt: cost out of range');
  const salt = decodeBase64(m[3]!, 16);
  // The key is the password's bytes plus the NUL terminator, at most 72 bytes.
  const key = Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from([0])]).subarray(0, 72);

  const bf = new Blowfish();
  bf.expandKey(key, salt);
  for (let round = 0; round < 2 ** cost; round++) {
    bf.expandKey(key, null);
    bf.expandKey(salt, null);
  }
  const text = new Uint32Array(6);
  for (let i = 0; i < 6; i++) text[i] = MAGIC.readUInt32BE(i * 4);
  for (let i = 0; i < 64; i++) for (let j = 0; j < 6; j += 2) bf.encipher(text, j);
  const out = Buffer.alloc(24);
  for (let i = 0; i < 6; i++) out.writeUInt32BE(text[i]!, i * 4);
  return `${m[1]}${encodeBase64(salt).slice(0, 22)}${encodeBase64(out.subarray(0, 23))}`;
}

/** Constant-time check of a password against a `$2a$`/`$2b$`/`$2y$` hash; false for anything malformed. */
export function verifyBcrypt(password: string, stored: string): boolean {
  if (!isBcryptHash(stored)) return false;
  let computed: string;
  try {
    computed = bcryptHash(password, stored);
  } catch {
    return false;
  }
  const a = Buffer.from(computed);
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
