import { problemLine, type FolderProblem } from './problems.ts';
import { diffApiSnapshots, formatsDiffer, unchangedAcrossFormats, type ApiDiff } from '../../core/apiDiff.ts';
import type { ApiSnapshot } from '../../core/apiSnapshot.ts';
import type { SyncClient } from './client.ts';

/**
 * The API side of `docs plan` / `docs push` (issue #12): every OpenAPI/Postman file the push
 * carries is compared, operation by operation, with the latest version the server recorded for
 * it (`sync/apiVersions`), so a CI run sees what an API change does to its clients before it is
 * published, and `--fail-on-breaking` stops a breaking one (exit 4) before anything is written.
 *
 * A push sends the files whose API changed as the documents it pushed (OpenAPI bundled into one
 * file, or the Postman collection) with its last batch of pages (`sync/apply` `api_versions`);
 * the server builds the stored snapshot itself, in the transaction of those pages.
 */

/** A spec file of the folder, as the push reads it. */
export interface PushedApi {
  /** Path in the synced folder: the API's stream on the server (its pages' keys start with it). */
  source: string;
  /** The parsed (and bundled) document. */
  document: unknown;
  /** What strict validation found in an OpenAPI description that is pushed all the same (first ones), and how many in all. */
  warnings?: FolderProblem[];
  warningsTotal?: number;
}

export interface ApiChangeReport {
  source: string;
  /** The server's version this is compared with; null for an API the server has no version of yet. */
  against: number | null;
  diff: ApiDiff;
  /** The document to record (only for APIs that changed); null for a file whose API is gone (pages pruned). */
  upload: { source: string; stream: string; document: unknown } | null;
  /** The validation warnings of the description (PushedApi.warnings). */
  warnings?: FolderProblem[];
  warningsTotal?: number;
}

interface LatestVersion {
  stream: string;
  version_id: number;
  number: number;
  snapshot: ApiSnapshot;
}

const NO_API: ApiSnapshot = { title: '', version: '', operations: [] };

/**
 * The diff of each pushed API against the server's latest version of it (unchanged ones included,
 * with an empty diff). `deletedSources`: the stable keys of the pages the push deletes (--prune);
 * a spec file the server has a version of that is gone from the folder, and whose pages are among
 * them, has lost every operation — the most breaking change there is, recorded as an empty version.
 */
export async function apiChangesOf(apis: PushedApi[], client: SyncClient, deletedSources: string[] = []): Promise<ApiChangeReport[]> {
  if (!apis.length && !deletedSources.length) return [];
  // The importers (Postman's SDK above all) load only when the folder has API files, as in specFiles.ts.
  const [{ snapshotApi }, { versions }] = await Promise.all([import('../../importers/apiSnapshot.ts'), client.apiVersions()]);
  const latest = new Map<string, LatestVersion>(versions.map((v: LatestVersion) => [v.stream, v]));
  const out: ApiChangeReport[] = [];
  for (const api of apis) {
    const { snapshot } = snapshotApi(api.document, api.source);
    const before = latest.get(api.source);
    const diff = diffApiSnapshots(before?.snapshot ?? NO_API, snapshot);
    // Equal texts, or — against a version an older server stored in another format — nothing to tell apart.
    const same =
      before &&
      (formatsDiffer(before.snapshot, snapshot)
        ? unchangedAcrossFormats(before.snapshot, snapshot, diff)
        : JSON.stringify(before.snapshot) === JSON.stringify(snapshot));
    out.push({
      source: api.source,
      against: before?.number ?? null,
      diff,
      upload: same ? null : { source: api.source, stream: api.source, document: api.document },
      ...(api.warningsTotal ? { warnings: api.warnings, warningsTotal: api.warningsTotal } : {}),
    });
  }
  const pushed = new Set(apis.map((a) => a.source));
  for (const v of latest.values()) {
    if (!v.stream || pushed.has(v.stream) || !v.snapshot.operations.length) continue;
    if (!deletedSources.some((p) => p.startsWith(`${v.stream}#`))) continue;
    out.push({
      source: v.stream,
      against: v.number,
      diff: diffApiSnapshots(v.snapshot, NO_API),
      upload: { source: v.stream, stream: v.stream, document: null },
    });
  }
  return out;
}

export const hasBreaking = (reports: ApiChangeReport[]) => reports.some((r) => r.diff.summary.breaking > 0);

/** The API diffs for people: one block per spec file that changed, breaking operations first and marked. */
export function apiChangesText(reports: ApiChangeReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    if (!r.diff.operations.length) continue;
    const s = r.diff.summary;
    lines.push(
      `API changes in ${r.source} (${r.against === null ? 'first version' : `against version ${r.against}`}): ${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.breaking} breaking`,
    );
    for (const op of r.diff.operations) {
      lines.push(`  ${op.breaking ? 'BREAKING ' : '         '}${op.change.padEnd(8)} ${op.method} ${op.path}`);
      // Breaking reasons always; the rest only for changed operations (an added one is its own reason).
      if (op.change !== 'changed' && !op.breaking) continue;
      for (const reason of op.reasons)
        if (reason.breaking || op.change === 'changed') lines.push(`      ${reason.breaking ? '!' : '-'} ${reason.message} (${reason.path})`);
    }
    lines.push('');
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The API diffs for scripts (`--json` field `api_changes`). */
export function apiChangesJson(reports: ApiChangeReport[]) {
  return reports.map((r) => ({
    source: r.source,
    against_version: r.against,
    summary: r.diff.summary,
    operations: r.diff.operations,
    ...(r.warningsTotal ? { warnings: r.warnings!.map((w) => ({ path: w.relPath, message: w.message })), warnings_total: r.warningsTotal } : {}),
  }));
}

/** The validation warnings of the pushed descriptions, one line each (`warning: <file>: <problem>`), and how many were left out. */
export function specWarningLines(reports: ApiChangeReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    if (!r.warningsTotal) continue;
    for (const w of r.warnings ?? []) lines.push(`warning: ${problemLine(w)}`);
    const more = r.warningsTotal - (r.warnings?.length ?? 0);
    if (more > 0) lines.push(`warning: ${r.source}: ${more} more validation problem(s) not listed`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
