import type { CliIO } from '../io.ts';
import type { Plan, PlanAction, PlanEntry } from './plan.ts';

/** Where an entry lives: the local file, or the server's catalog path and title. */
function entryPath(e: PlanEntry): string {
  if (e.relPath) return e.relPath;
  return [...(e.server?.cat_path ?? []), e.server?.page_title ?? ''].join('/');
}

const ORDER: PlanAction[] = ['create', 'update', 'move', 'delete', 'conflict', 'skip', 'unchanged'];

function summarize(plan: Plan): Record<PlanAction, number> {
  const counts = Object.fromEntries(ORDER.map((a) => [a, 0])) as Record<PlanAction, number>;
  for (const e of plan.entries) counts[e.action]++;
  return counts;
}

export function summaryLine(plan: Plan): string {
  const c = summarize(plan);
  // `skip` only appears when git made the push leave files out (cli/sync/git/decide.ts).
  return ORDER.filter((a) => a !== 'skip' || c[a])
    .map((a) => `${c[a]} ${a}`)
    .join(', ');
}

/** The plan as a table for people: changes first, unchanged rows only with `all`. */
export function planTable(plan: Plan, opts: { all?: boolean } = {}): string {
  const rows = plan.entries
    .filter((e) => opts.all || e.action !== 'unchanged' || e.detail)
    .sort((a, b) => ORDER.indexOf(a.action) - ORDER.indexOf(b.action) || entryPath(a).localeCompare(entryPath(b)))
    .map((e) => [e.action, entryPath(e), e.server ? String(e.server.page_id) : '-', e.detail]);
  if (!rows.length) return `Nothing to do: the server matches the folder (${summaryLine(plan)}).\n`;
  const head = ['ACTION', 'PATH', 'PAGE', 'DETAIL'];
  const widths = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [fmt(head), ...rows.map(fmt), '', `Plan: ${summaryLine(plan)}.`, ''].join('\n');
}

/** The plan for scripts (`--json`). */
export function planJson(plan: Plan) {
  return {
    summary: summarize(plan),
    changes: plan.entries.map((e) => ({
      action: e.action,
      path: entryPath(e),
      page_id: e.server?.page_id ?? null,
      title: e.doc?.title ?? e.server?.page_title ?? '',
      catalog: e.doc?.catPath ?? e.server?.cat_path ?? [],
      detail: e.detail,
    })),
    orphans: plan.orphans.map((p) => ({ page_id: p.page_id, path: p.source_path ?? [...p.cat_path, p.page_title].join('/') })),
    kept: plan.kept.map((k) => ({
      page_id: k.server.page_id,
      path: k.server.source_path ?? [...k.server.cat_path, k.server.page_title].join('/'),
      reason: k.reason,
    })),
  };
}

/**
 * Progress on stderr: a redrawn bar in a terminal, plain occasional lines in CI (CI=true or not a
 * TTY), nothing at all with --json quiet runs.
 */
export class Progress {
  private readonly bar: boolean;
  private lastLine = 0;
  private readonly io: CliIO;
  private readonly label: string;
  private readonly total: number;
  constructor(io: CliIO, label: string, total: number) {
    this.io = io;
    this.label = label;
    this.total = total;
    this.bar = io.isTTY && !isCI(io.env);
  }

  update(done: number): void {
    if (this.total <= 0) return;
    if (this.bar) {
      const width = 30;
      const filled = Math.round((done / this.total) * width);
      this.io.stderr(`\r${this.label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${this.total}`);
      if (done >= this.total) this.io.stderr('\n');
      return;
    }
    // Plain lines: at most every 10 % (and the last one), so CI logs stay short.
    const step = Math.max(1, Math.ceil(this.total / 10));
    if (done >= this.total || done - this.lastLine >= step) {
      this.lastLine = done;
      this.io.stderr(`${this.label}: ${done}/${this.total}\n`);
    }
  }
}

function isCI(env: NodeJS.ProcessEnv): boolean {
  return !!env.CI && env.CI !== 'false' && env.CI !== '0';
}
