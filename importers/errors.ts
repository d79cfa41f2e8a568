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
  /** Pages in one imported tree. */
  maxPages: 5_000,
} as const;
