import type { Config } from '../config.ts';
import type { Db } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import { loadSiteSettings, type SiteSettings } from '../settings.ts';
import type { StorageDriver, StorageSource, StoredObjectMeta } from './driver.ts';
import { newStorageKey } from './keys.ts';
import { LocalDiskStorage } from './localDisk.ts';
import { S3Storage, resolveS3Addressing } from './s3.ts';

export type { StorageDriver } from './driver.ts';
export { StorageNotFound } from './driver.ts';

/**
 * Files are stored by the driver chosen when they were uploaded, and remembered by their key:
 * local keys are `YYYY-MM-DD/<hex>` (as always), object-storage keys carry an `s3:` prefix. So
 * switching `oss_open` on or off never orphans older files — each is read back from where it is.
 */
export interface FileStore extends StorageDriver {
  /** A new key on the driver that takes new uploads. */
  newKey(nowSeconds: number): string;
}

const S3_PREFIX = 's3:';
const localByDir = new Map<string, LocalDiskStorage>();
let warnedIncompleteObjectStorage = false;

function localFor(uploadsDir: string): LocalDiskStorage {
  let driver = localByDir.get(uploadsDir);
  if (!driver) {
    driver = new LocalDiskStorage(uploadsDir);
    localByDir.set(uploadsDir, driver);
  }
  return driver;
}

/** The S3-compatible driver described by `oss_setting`, or null when it is incomplete. */
function objectStorageFrom(setting: SiteSettings['oss_setting']): S3Storage | null {
  if (!setting.key || !setting.secret || !setting.endpoint || !setting.bucket) return null;
  const endpoint = /^https?:\/\//i.test(setting.endpoint) ? setting.endpoint : `${setting.protocol}://${setting.endpoint}`;
  let addressing: { region: string; pathStyle: boolean };
  try {
    addressing = resolveS3Addressing(endpoint, setting);
  } catch {
    return null;
  }
  return new S3Storage({ endpoint, bucket: setting.bucket, accessKeyId: setting.key, secretAccessKey: setting.secret, ...addressing });
}

class RoutedStore implements FileStore {
  readonly name: string;
  private readonly local: LocalDiskStorage;
  private readonly objects: S3Storage | null;
  private readonly uploadToObjects: boolean;
  constructor(local: LocalDiskStorage, objects: S3Storage | null, uploadToObjects: boolean) {
    this.local = local;
    this.objects = objects;
    this.uploadToObjects = uploadToObjects;
    this.name = uploadToObjects ? 's3' : 'local';
  }

  newKey(nowSeconds: number): string {
    const key = newStorageKey(nowSeconds);
    return this.uploadToObjects ? `${S3_PREFIX}${key}` : key;
  }

  private route(key: string): { driver: StorageDriver; key: string } {
    if (!key.startsWith(S3_PREFIX)) return { driver: this.local, key };
    if (!this.objects) throw new Error('This file is in object storage, but oss_setting is not complete any more');
    return { driver: this.objects, key: key.slice(S3_PREFIX.length) };
  }

  put(key: string, source: StorageSource, meta: StoredObjectMeta): Promise<void> {
    const r = this.route(key);
    return r.driver.put(r.key, source, meta);
  }
  get(key: string) {
    const r = this.route(key);
    return r.driver.get(r.key);
  }
  delete(key: string): Promise<void> {
    const r = this.route(key);
    return r.driver.delete(r.key);
  }
}

/**
 * The file store under the given settings: new uploads go to object storage when `oss_open` is
 * 1 and `oss_setting` is complete (AWS S3, MinIO, Aliyun OSS and Qiniu all speak the S3 API),
 * otherwise to local disk under `uploadsDir`.
 */
function storageFor(config: Pick<Config, 'uploadsDir'>, settings: Pick<SiteSettings, 'oss_open' | 'oss_setting'>, logger?: Logger): FileStore {
  const objects = objectStorageFrom(settings.oss_setting);
  const useObjects = settings.oss_open === 1 && objects !== null;
  if (settings.oss_open === 1 && !objects && !warnedIncompleteObjectStorage && logger) {
    warnedIncompleteObjectStorage = true;
    logger.warn('oss_open is set but oss_setting lacks key, secret, endpoint or bucket; storing uploads on local disk');
  }
  return new RoutedStore(localFor(config.uploadsDir), objects, useObjects);
}

/** The file store for the running app, following the current site settings. */
export async function storageOf(services: { config: Pick<Config, 'uploadsDir'>; db: Db; logger: Logger }): Promise<FileStore> {
  return storageFor(services.config, await loadSiteSettings(services.db), services.logger);
}
