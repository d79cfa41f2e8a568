/**
 * Measures one API description through importFile + snapshotApi (the import/auto path without the
 * database): time, peak RSS and the snapshot's JSON size against the file's. One file per process,
 * so each peak is its own: `node scripts/measure-snapshot.ts <file>` prints one JSON line.
 */
import fs from 'node:fs';
import { importFile } from '../importers/index.ts';
import { snapshotApi } from '../importers/apiSnapshot.ts';
import { snapshotTextPieces } from '../server/commands/apiChanges/recordApiVersion.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/measure-snapshot.ts <file>');
const bytes = new Uint8Array(fs.readFileSync(file));
const out: Record<string, unknown> = { file, bytes: bytes.byteLength };
const t0 = performance.now();
try {
  const { tree, format, document, validation } = await importFile(bytes, { fileName: file });
  out.import_ms = Math.round(performance.now() - t0);
  out.pages = countPages(tree);
  out.warnings = validation?.total ?? 0;
  out.first_warning = validation?.warnings[0];
  const t1 = performance.now();
  if (format === 'openapi' || format === 'postman') {
    const { snapshot } = snapshotApi(document, file);
    out.snapshot_ms = Math.round(performance.now() - t1);
    let length = 0;
    for (const piece of snapshotTextPieces(snapshot)) length += piece.length;
    out.snapshot_chars = length;
    out.ratio = +(length / bytes.byteLength).toFixed(2);
    out.operations = snapshot.operations.length;
  }
} catch (err) {
  out.error = String((err as Error).message ?? err).slice(0, 300);
}
out.total_ms = Math.round(performance.now() - t0);
out.peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify(out));

function countPages(tree: { pages?: unknown[]; catalogs?: unknown[] }): number {
  let n = tree.pages?.length ?? 0;
  for (const c of (tree.catalogs ?? []) as { pages?: unknown[]; catalogs?: unknown[] }[]) n += countPages(c);
  return n;
}
