import JSZip from 'jszip';
import { FormatError, IMPORT_LIMITS } from './errors.ts';

/**
 * Reads an uploaded zip defensively: entry count, declared sizes and ratios are checked before
 * anything is inflated, the real inflated size is counted while reading (declared sizes can lie),
 * paths that climb out of the archive (`../`, absolute, drive letters) are refused, and names
 * without the UTF-8 flag are decoded as UTF-8 when valid, else as GBK (Chinese Windows zips).
 */
export interface ZipEntry {
  /** Normalised path with `/` separators, no leading `./`. */
  path: string;
  dir: boolean;
  read(): Promise<Uint8Array>;
}

export const ZIP_MAGIC = [0x50, 0x4b] as const;

export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06);
}

function decodeName(raw: string[] | Uint8Array | Buffer): string {
  const bytes = Array.isArray(raw) ? Uint8Array.from(raw.map((c) => c.charCodeAt(0))) : raw;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

function normalisePath(name: string, where: string): string {
  const p = name.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p) || p.split('/').some((seg) => seg === '..')) {
    throw new FormatError(`unsafe path "${name}" in the archive (it points outside the archive)`, where);
  }
  return p.replace(/^(\.\/)+/, '');
}

interface Sizes {
  compressedSize: number;
  uncompressedSize: number;
}

export async function readZip(bytes: Uint8Array, where: string): Promise<ZipEntry[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { decodeFileName: decodeName, checkCRC32: true });
  } catch (err) {
    throw new FormatError(`not a readable zip archive (${(err as Error).message})`, where);
  }
  const files = Object.values(zip.files);
  if (files.length > IMPORT_LIMITS.maxZipEntries) throw new FormatError(`the archive has ${files.length} entries; at most ${IMPORT_LIMITS.maxZipEntries} are accepted`, where);

  let declaredTotal = 0;
  const budget = { left: IMPORT_LIMITS.maxUnzippedBytes };
  const entries: ZipEntry[] = [];
  for (const file of files) {
    // JSZip already resolves `../` in `name`; the name as written is kept in `unsafeOriginalName`.
    const original = (file as unknown as { unsafeOriginalName?: string }).unsafeOriginalName ?? file.name;
    normalisePath(original, where);
    const path = normalisePath(file.name, where);
    // JSZip keeps the central-directory sizes on the internal `_data` object.
    const sizes = (file as unknown as { _data?: Sizes })._data;
    if (sizes && !file.dir) {
      declaredTotal += sizes.uncompressedSize;
      const ratio = sizes.uncompressedSize / Math.max(1, sizes.compressedSize);
      if (sizes.uncompressedSize > 1024 * 1024 && ratio > IMPORT_LIMITS.maxZipRatio) {
        throw new FormatError(`"${path}" expands ${Math.round(ratio)}× (zip bomb?); the limit is ${IMPORT_LIMITS.maxZipRatio}×`, where);
      }
    }
    if (declaredTotal > IMPORT_LIMITS.maxUnzippedBytes) {
      throw new FormatError(`the archive expands to more than ${IMPORT_LIMITS.maxUnzippedBytes / 1048576} MB`, where);
    }
    entries.push({ path, dir: file.dir, read: () => inflateCounted(file, path, sizes?.uncompressedSize, budget, where) });
  }
  return entries;
}

/** Inflates one entry, stopping as soon as it exceeds its declared size or the archive budget. */
function inflateCounted(file: JSZip.JSZipObject, path: string, declared: number | undefined, budget: { left: number }, where: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    const stream = (file as unknown as { internalStream(type: 'uint8array'): any }).internalStream('uint8array');
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      stream.pause();
      reject(err);
    };
    stream
      .on('data', (chunk: Uint8Array) => {
        if (done) return;
        size += chunk.length;
        budget.left -= chunk.length;
        if ((declared !== undefined && size > declared) || budget.left < 0) {
          fail(new FormatError(`"${path}" inflates beyond its declared size or the archive limit (zip bomb?)`, where));
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (err: Error) => fail(new FormatError(`"${path}" cannot be extracted (${err.message})`, where)))
      .on('end', () => {
        if (done) return;
        done = true;
        const out = new Uint8Array(size);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve(out);
      })
      .resume();
  });
}
