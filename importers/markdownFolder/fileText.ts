import { isUtf8 } from 'node:buffer';

/** A Markdown file's bytes as text, or why they are not text Folio can keep. */
export type FileText = { text: string } | { problem: string; line?: number };

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Git's test for a binary file: a NUL byte among the first 8,000. */
const BINARY_PROBE = 8000;

/**
 * Decodes a file as UTF-8. A byte-order mark (editors on Windows add it) stays in the text as
 * U+FEFF: parseMarkdownFile keeps it out of the page and in the file's head, so a pull writes it
 * back; a NUL byte means a binary file; anything else that is not UTF-8 is named with the first
 * line that is not.
 */
export function decodeFileText(bytes: Buffer): FileText {
  const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  if (body.subarray(0, BINARY_PROBE).includes(0)) return { problem: 'a binary file, not Markdown text' };
  // toString('utf8') would drop the mark: it is put back by hand.
  if (isUtf8(body)) return { text: (body === bytes ? '' : '\uFEFF') + body.toString('utf8') };
  return { problem: 'not valid UTF-8 text (save it as UTF-8)', line: firstBadLine(body) };
}

function firstBadLine(bytes: Buffer): number {
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    if (!isUtf8(bytes.subarray(start, end === -1 ? bytes.length : end))) return line;
    if (end === -1) return line;
    start = end + 1;
  }
}
