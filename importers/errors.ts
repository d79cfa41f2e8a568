import { MAX_PAGES_PER_ITEM_OPEN_API } from '../core/limits.ts';

/**
 * The one error importers throw: what is wrong and where (a file name, an entry inside a zip, a
 * JSON path). The server maps it to 10101 with the message; the CLI prints it.
 */
export class FormatError extends Error {
  readonly where: string;
  constructor(message: string, where = '') {
    super(where ? `${where}: ${message}` : message);
    this.name = 'FormatError';
    this.where = where;
  }
}

/**
 * A file that reads but holds more than an import may (more operations than an item may hold
 * pages): refused before anything is built from it. The server answers 10100 (the input is over a
 * limit), not 10101.
 */
export class ImportLimitError extends FormatError {
  constructor(message: string, where = '') {
    super(message, where);
    this.name = 'ImportLimitError';
  }
}

/** Limits every importer applies to untrusted input. */
export const IMPORT_LIMITS = {
  /** Largest JSON/YAML document accepted (GitHub's OpenAPI is 13 MB). */
  maxDocumentBytes: 64 * 1024 * 1024,
  /** Total uncompressed bytes a zip may expand to. */
  maxUnzippedBytes: 256 * 1024 * 1024,
  /** Uncompressed : compressed ratio beyond which a big zip is treated as a bomb. */
  maxZipRatio: 200,
  /** Entries in one zip. */
  maxZipEntries: 20_000,
  /** Pages in one imported tree: what an item may hold. */
  maxPages: MAX_PAGES_PER_ITEM_OPEN_API,
} as const;
