import { errors } from '../../core/errors.ts';

/**
 * Size caps of MCP answers (issue #23, part 4). An agent's context is small and page content is
 * untrusted: large answers are cut and carry a cursor to read on.
 */
export const MCP_LIMITS = {
  /** Characters of Markdown per folio_get_page answer; more comes with `next_cursor`. */
  pageChars: 50_000,
  /** Rows per list answer (tree pages, history, search hits, operations, attachments). */
  listRows: 200,
  /** Search hits per answer by default. */
  searchRows: 20,
  /** Characters of a diff per answer. */
  diffChars: 50_000,
  /** Characters of an OpenAPI spec folio_import_openapi accepts (the HTTP body limit applies first). */
  specChars: 5_000_000,
} as const;

/** An opaque paging cursor: the offset, base64url so agents do not do arithmetic on it. */
export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}

/** The offset of a cursor from an earlier answer; a made-up one is refused naming the field. */
export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const n = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isInteger(n) || n < 0) throw errors.validation('cursor: must be a next_cursor value from an earlier answer');
  return n;
}
