import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { diffApiSnapshots, type ApiDiff } from '../../../core/apiDiff.ts';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import { readSnapshot } from '../../../importers/apiVersion/readSnapshot.ts';
import { npmFixture } from '../../helpers/npmFixtures.ts';

/**
 * Versions stored in snapshot format 2 (every `$ref` expanded at each use) compared with snapshots
 * of format 3 (named schemas stored once): the fixtures in data/format2/ were written by the
 * format 2 builder before format 3 existed — the stored snapshot of a real release, gzipped as
 * api_versions holds it, and that builder's diff to the next release (Netlify 2.52.0 → 2.53.0,
 * Swagger 2.0; Spotify 2025.5.18 → 2026.5.31, OpenAPI 3.0.3; see data/README.md).
 */
const data = new URL('./data/', import.meta.url);
const netlify = (v: string) => JSON.parse(fs.readFileSync(npmFixture(`@netlify/open-api@${v}`, 'dist/swagger.json'), 'utf8'));
const spotify = (v: string) => YAML.parse(zlib.gunzipSync(fs.readFileSync(new URL(`spotify-web-api-${v}.yml.gz`, data))).toString('utf8'));
const stored = (name: string) => readSnapshot(fs.readFileSync(new URL(`format2/${name}.snapshot.json.gz`, data)));
const golden = (name: string): ApiDiff => JSON.parse(fs.readFileSync(new URL(`format2/${name}.diff-to-next.json`, data), 'utf8'));

/** What a reader of the history sees of an operation's change: kind, breaking, and its breaking rules. */
const outline = (d: ApiDiff) =>
  d.operations.map((op) => ({
    op: `${op.method} ${op.path}`,
    change: op.change,
    breaking: op.breaking,
    breakingRules: [...new Set(op.reasons.filter((r) => r.breaking).map((r) => `${r.rule} ${r.path}`))].sort(),
  }));

describe.each([
  ['netlify-2.52.0', () => netlify('2.52.0'), () => netlify('2.53.0')],
  ['spotify-2025.5.18', () => spotify('2025.5.18'), () => spotify('2026.5.31')],
])('a version stored in snapshot format 2 (%s) against format 3', (name, same, next) => {
  const old = stored(name);

  it('was stored in format 2 and is read as it is', () => {
    expect(old.format).toBe(2);
    expect(old.schemas).toBeUndefined();
  });

  it('finds nothing changed against a format 3 snapshot of the same release', () => {
    const now = snapshotOpenApi(same());
    expect(now.format).toBe(3);
    expect(diffApiSnapshots(old, now).operations).toEqual([]);
  });

  it('finds the changes format 2 found against the next release: the same operations, breaking the same way', () => {
    const d = diffApiSnapshots(old, snapshotOpenApi(next()));
    const before = golden(name);
    expect(d.summary).toEqual(before.summary);
    expect(outline(d)).toEqual(outline(before));
    // Every reason format 2 gave is still given (format 3 reports a changed named schema once per operation, so none are new).
    const reasons = (x: ApiDiff) => new Set(x.operations.flatMap((op) => op.reasons.map((r) => `${op.method} ${op.path} ${r.rule} ${r.path}`)));
    const now = reasons(d);
    const missing = [...reasons(before)].filter((r) => !now.has(r));
    expect(missing).toEqual([]);
  });

  it('diffs two format 3 snapshots as it diffs format 2 against format 3', () => {
    const d = diffApiSnapshots(snapshotOpenApi(same()), snapshotOpenApi(next()));
    expect(d.summary).toEqual(golden(name).summary);
    expect(outline(d)).toEqual(outline(golden(name)));
  });
});
