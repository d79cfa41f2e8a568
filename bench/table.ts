/**
 * What a benchmark module returns: one table of rows, each saying whether its target is met
 * (`met: null` = no target, reported only), and how it is printed. Its own file so that the modules
 * and bench/index.ts, which loads them, do not import each other.
 */
export interface BenchRowOut {
  name: string;
  value: string;
  target: string;
  met: boolean | null;
  note?: string;
}

export interface BenchTable {
  title: string;
  rows: BenchRowOut[];
}

export interface BenchModule {
  title: string;
  run(): Promise<BenchTable>;
}

/** Prints a table as Markdown-like aligned columns. */
export function printTable(table: BenchTable): void {
  const cols = [
    ['benchmark', ...table.rows.map((r) => r.name)],
    ['measured', ...table.rows.map((r) => r.value)],
    ['target', ...table.rows.map((r) => r.target || '—')],
    ['met', ...table.rows.map((r) => (r.met === null ? '' : r.met ? 'yes' : 'NO'))],
    ['', ...table.rows.map((r) => r.note ?? '')],
  ];
  const widths = cols.map((c) => Math.max(...c.map((s) => s.length)));
  const line = (i: number) =>
    cols
      .map((c, k) => (k === 1 ? c[i]!.padStart(widths[k]!) : c[i]!.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n## ${table.title}\n`);
  console.log(line(0));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (let i = 1; i <= table.rows.length; i++) console.log(line(i));
}
