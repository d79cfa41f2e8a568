import { setImmediate as nextTurn } from 'node:timers/promises';
import { walkPages, type DocTree } from '../core/tree.ts';

/** Every page's Markdown of a tree as one UTF-8 buffer, in walkPages order; `ends[i]` is where page i's text ends. */
export interface PackedContents {
  bytes: Uint8Array;
  ends: Uint32Array;
}

/**
 * An import's tree leaves its worker with the pages' text taken out into one buffer. Deserialised
 * in the server, GitHub's OpenAPI was 3,700 strings (6.9 M characters, 10 MB): they filled the
 * young generation at once, all survived into the old one and brought on a major collection of
 * 25–90 ms on the request thread right after the job ended — every other request waited through
 * it (issue #26). A buffer is copied, not turned into objects, and nothing of it is collected.
 */
export function packContents(tree: DocTree): { tree: DocTree; contents: PackedContents } {
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
  return { tree, contents: { bytes: Buffer.concat(parts, at), ends: Uint32Array.from(ends) } };
}

/** Pages given their reading between two turns of the event loop for other requests. */
const PAGES_PER_TURN = 200;

/**
 * The tree with each page's text read from the buffer when it is asked for, never kept: the
 * server writes pages a batch at a time, so each batch's strings are made just before its INSERT
 * and die young. Assigning `content` (a link rewrite) replaces the reading with the value.
 * Defining 1,223 readings at once held the request thread for 3-7 ms: other requests get a turn
 * every PAGES_PER_TURN pages.
 */
export async function withContents(tree: DocTree, contents: PackedContents): Promise<DocTree> {
  const text = Buffer.from(contents.bytes.buffer, contents.bytes.byteOffset, contents.bytes.byteLength);
  let i = 0;
  for (const { page } of walkPages(tree)) {
    const start = i === 0 ? 0 : contents.ends[i - 1]!;
    const end = contents.ends[i]!;
    if (++i % PAGES_PER_TURN === 0) await nextTurn();
    Object.defineProperty(page, 'content', {
      enumerable: true,
      configurable: true,
      get: () => text.toString('utf8', start, end),
      set(value: string) {
        Object.defineProperty(page, 'content', { value, writable: true, enumerable: true, configurable: true });
      },
    });
  }
  if (i !== contents.ends.length) throw new Error(`the packed tree holds ${i} pages for ${contents.ends.length} texts`);
  return tree;
}
