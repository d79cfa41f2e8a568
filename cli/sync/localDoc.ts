/** One page as the local folder describes it. */
export interface LocalDoc {
  /** Path relative to the docs folder, with `/` separators: the identity the state file keys on. */
  relPath: string;
  /** Catalog names from the top (the folders). */
  catPath: string[];
  title: string;
  order: number;
  /** The front matter sets the order; else the navigation may (layouts/navOrder.ts). */
  ownOrder?: boolean;
  /** The order the generator's navigation gives the page (sent as `source_nav_order`). */
  navOrder?: number;
  /** The page content: the file without its front matter. */
  content: string;
  hash: string;
  /** The front-matter block exactly as written (null: none), and the hash of the whole file. */
  head?: string | null;
  fileHash?: string;
  /** The hash of what its code includes resolve to (includes/identity.ts), folded into `fileHash`. */
  includeDigest?: string;
  /** Taken from the state without reading the file (unchanged size and mtime, no includes). */
  lazy?: boolean;
  /** For pages generated from an OpenAPI/Postman file: that file, and the importer's stable key. */
  source?: string;
  key?: string;
  /** Size and modification time of the file as read (the state keeps them: see SyncedPage). */
  stat?: FileStat;
  /** In a git work tree: the blob the push writes, its earlier blob ids, whether it is committed (cli/sync/git/). */
  git?: { source_blob: string; source_blob_history: string[]; source_blob_committed: boolean };
}

export interface FileStat {
  size: number;
  mtimeMs: number;
}

/** What the last sync recorded about a file, to skip reading it when its size and mtime are unchanged. */
export interface RecordedFile {
  title: string;
  order: number;
  hash: string;
  file_hash?: string;
  /** The recorded order came from the navigation (the file sets none). */
  nav?: boolean;
  /** The page has code includes: its identity depends on other files, so it is always read. */
  includes?: boolean;
  size?: number;
  mtime_ms?: number;
}

/** A file the folder holds that is not Markdown but may be an API description. */
export interface SpecFile {
  relPath: string;
  catPath: string[];
  absPath: string;
}
