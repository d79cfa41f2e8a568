import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live. The database keeps the metadata (files table) and an opaque
 * `storage_key`; a driver only moves bytes. Keys are made by `newStorageKey()` — random names in
 * date folders, never a user's file name — so every driver can trust them.
 */
export interface StoredObjectMeta {
  contentType: string;
  size: number;
}

/** Bytes to store: a buffer, a readable stream, or a file already on local disk (multipart temp file). */
export type StorageSource = Buffer | Readable | { path: string };

export interface StorageDriver {
  readonly name: string;
  put(key: string, source: StorageSource, meta: StoredObjectMeta): Promise<void>;
  /** A stream of the object's bytes; rejects with `StorageNotFound` when the object is gone. */
  get(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A public URL that serves the object directly (object storage with a public domain), or
   * undefined when bytes must be streamed through `attachment/visitFile`.
   */
  url?(key: string): string | undefined;
}

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`Stored object not found: ${key}`);
    this.name = 'StorageNotFound';
  }
}
