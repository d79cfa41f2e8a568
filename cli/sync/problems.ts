import { MAX_CATALOGS_PER_ITEM, MAX_PAGES_PER_ITEM_OPEN_API } from '../../core/limits.ts';
import { CliFailure } from '../errors.ts';
import type { Plan } from './plan.ts';

/** Something wrong with one file (or with the folder as a whole, `relPath` ''): shown as `path:line: message`. */
export interface FolderProblem {
  relPath: string;
  line?: number;
  message: string;
}

export function problemLine(p: FolderProblem): string {
  return `${p.relPath}${p.line ? `:${p.line}` : ''}${p.relPath ? ': ' : ''}${p.message}`;
}

/**
 * Every reason the folder cannot be pushed, found before anything is written: the push (or plan)
 * stops with all of them listed, so one run shows everything to fix.
 */
export class FolderProblems extends CliFailure {
  readonly problems: FolderProblem[];
  readonly skipped: FolderProblem[];
  constructor(problems: FolderProblem[], skipped: FolderProblem[] = []) {
    super(
      `cannot push, nothing was written: ${problems.length} problem(s) to fix first:\n${problems.map((p) => `  ${problemLine(p)}`).join('\n')}${skippedLines(skipped)}`,
    );
    this.problems = problems;
    this.skipped = skipped;
    this.name = 'FolderProblems';
  }
}

/** The "skipped:" block shown after a plan or a refusal, empty when nothing was skipped. */
export function skippedLines(skipped: FolderProblem[]): string {
  return skipped.length ? `\nskipped ${skipped.length} file(s):\n${skipped.map((p) => `  ${problemLine(p)}`).join('\n')}` : '';
}

/** The "broken links:" block of a plan or push (cli/sync/links/check.ts), one `file:line: url: why` each. */
export function brokenLinkLines(links: FolderProblem[]): string {
  return `broken links and references (${links.length}):\n${links.map((p) => `  ${problemLine(p)}\n`).join('')}`;
}

/**
 * The folder is fine file by file, but would the item hold it? Live pages after the push (what the
 * server has, plus creates, minus deletions) and catalogs (the server's, plus the folders the
 * pages need) must stay under the server's limits (core/limits.ts).
 */
export function itemLimitProblems(plan: Plan, server: { pages: number; catalogs: string[][] }): FolderProblem[] {
  const problems: FolderProblem[] = [];
  const creates = plan.entries.filter((e) => e.action === 'create').length;
  const deletes = plan.entries.filter((e) => e.action === 'delete').length;
  const pagesAfter = server.pages + creates - deletes;
  if (pagesAfter > MAX_PAGES_PER_ITEM_OPEN_API) {
    problems.push({
      relPath: '',
      message: `the item would hold ${pagesAfter} pages (${server.pages} now, ${creates} to create, ${deletes} to delete); Folio keeps at most ${MAX_PAGES_PER_ITEM_OPEN_API} pages per item — split the folder over several items or exclude files (.docsignore, --exclude)`,
    });
  }
  const catalogs = new Set(server.catalogs.map((p) => JSON.stringify(p)));
  for (const e of plan.entries) {
    if (e.action !== 'create' && e.action !== 'move') continue;
    const cat = e.doc?.catPath ?? [];
    for (let i = 1; i <= cat.length; i++) catalogs.add(JSON.stringify(cat.slice(0, i)));
  }
  if (catalogs.size > MAX_CATALOGS_PER_ITEM) {
    problems.push({ relPath: '', message: `the item would hold ${catalogs.size} catalogs (folders); Folio keeps at most ${MAX_CATALOGS_PER_ITEM} per item` });
  }
  return problems;
}

/** Line (1-based) of the first line starting with `prefix` (a front-matter `title:`, a `# ` heading), to point at it. */
export function lineStarting(text: string, prefix: string): number | undefined {
  const i = text.split('\n').findIndex((l) => l.startsWith(prefix));
  return i >= 0 ? i + 1 : undefined;
}
