/**
 * Jobs that read another server's database file (workers/jobs.ts). Apart from the import
 * jobs because the CLI's worker bundle holds those and must not need better-sqlite3.
 */
export const DATABASE_JOBS = {
  /** `comment/importShowDoc`: one item's pages and comments out of an uploaded ShowDoc SQLite database. */
  async showdocComments(input: { path: string; showdocItemId: number }) {
    const { readShowDocComments } = await import('../importers/showdocComments.ts');
    return readShowDocComments(input.path, input.showdocItemId);
  },
};
