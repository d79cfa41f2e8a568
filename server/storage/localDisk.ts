import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFound, type StorageDriver, type StorageSource, type StoredObjectMeta } from './driver.ts';
import { isValidStorageKey } from './keys.ts';

/** Stores objects as files under `rootDir` (config.uploadsDir), one folder per day. */
export class LocalDiskStorage implements StorageDriver {
  readonly name = 'local';
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  /** Refuses any key that is not one of ours, so no path can escape the uploads folder. */
  private pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: StorageSource, _meta: StoredObjectMeta): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name first so a half-written file is never served.
    const partial = `${target}.partial`;
    try {
      if (Buffer.isBuffer(source)) await fsp.writeFile(partial, source, { flag: 'wx' });
      else if (source instanceof Readable) await pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }));
      else await fsp.copyFile(source.path, partial, fs.constants.COPYFILE_EXCL);
      await fsp.rename(partial, target);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
