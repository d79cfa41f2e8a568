import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { walkPages, type DocTree } from '../core/tree.ts';

/**
 * Where an import's page texts are: a file of their UTF-8 bytes one after the other, in
 * walkPages order; `ends[i]` is where page i's text ends.
 */
export interface ContentsFile {
  path: string;
  ends: Uint32Array;
}

/** Every page's Markdown of a tree as one UTF-8 buffer, in walkPages order, taken out of the tree (each page's `content` emptied). */
function packContents(tree: DocTree): { tree: DocTree; bytes: Buffer; ends: Uint32Array } {
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const { page } of walkPages(tree)) {
    const bytes = Buffer.from(page.content, 'utf8');
    parts.push(bytes);
    at += bytes.byteLength;
    ends.push(at);
    page.content = '';
  }
  return { tree, bytes: Buffer.concat(parts, at), ends: Uint32Array.from(ends) };
}

/**
 * In the import's worker: the pages' text written to `path`, out of the tree that goes back to
 * the server. Deserialised in the server, GitHub's OpenAPI was 3,700 strings (6.9 M characters,
 * 10 MB): they filled the young generation at once, all survived into the old one and brought on
 * a major collection of 25–90 ms on the request thread right after the job ended. Sent as one
 * buffer instead, it still arrived as 7 MB read at once into the server (24–85 ms of reads, and
 * an allocation that started V8's marking on its own, 2026-11-28). In a file, the server reads
 * each page's text only when it writes that page (`withContents`).
 */
export async function writeContents(tree: DocTree, path: string): Promise<{ tree: DocTree; contents: ContentsFile }> {
  const { bytes, ends } = packContents(tree);
  await fsp.writeFile(path, bytes);
  return { tree, contents: { path, ends } };
}

/** Pages given their reading between two turns of the event loop for other requests. */
const PAGES_PER_TURN = 200;

/**
 * The tree with each page's text read from the contents file when it is asked for, never kept:
 * the server writes pages a batch at a time, so each batch's strings are made just before its
 * INSERT and die young, and its bytes pass through one reused buffer. Assigning `content` (a link
 * rewrite) replaces the reading with the value. Defining 1,223 readings at once held the request
 * thread for 3-7 ms: other requests get a turn every PAGES_PER_TURN pages. `close()` once the
 * pages are written; a text asked for after it is an error, never another file's bytes.
 */
export async function withContents(tree: DocTree, contents: ContentsFile): Promise<{ tree: DocTree; close(): void }> {
  const text = new ContentsReader(contents);
  try {
    let i = 0;
    for (const { page } of walkPages(tree)) {
      const start = i === 0 ? 0 : contents.ends[i - 1]!;
      const end = contents.ends[i]!;
      if (++i % PAGES_PER_TURN === 0) await nextTurn();
      Object.defineProperty(page, 'content', {
        enumerable: true,
        configurable: true,
        get: () => text.read(start, end),
        set(value: string) {
          Object.defineProperty(page, 'content', { value, writable: true, enumerable: true, configurable: true });
        },
      });
    }
    if (i !== contents.ends.length) throw new Error(`the packed tree holds ${i} pages for ${contents.ends.length} texts`);
  } catch (err) {
    text.close();
    throw err;
  }
  return { tree, close: () => text.close() };
}

/** Byte ranges of the contents file as text, through one buffer that grows to the longest page. */
class ContentsReader {
  #fd: number | null;
  #buffer = Buffer.allocUnsafe(64 * 1024);

  constructor(contents: ContentsFile) {
    this.#fd = fs.openSync(contents.path, 'r');
    const expected = contents.ends.at(-1) ?? 0;
    const size = fs.fstatSync(this.#fd).size;
    if (size !== expected) {
      this.close();
      throw new Error(`the contents file holds ${size} bytes for ${expected}`);
    }
  }

  read(start: number, end: number): string {
    if (this.#fd === null) throw new Error('a page’s text was asked for after the import’s contents were closed');
    const length = end - start;
    if (length > this.#buffer.byteLength) this.#buffer = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = fs.readSync(this.#fd, this.#buffer, got, length - got, start + got);
      if (n === 0) throw new Error('the contents file ended early');
      got += n;
    }
    return this.#buffer.toString('utf8', 0, length);
  }

  close(): void {
    if (this.#fd !== null) fs.closeSync(this.#fd);
    this.#fd = null;
  }
}
