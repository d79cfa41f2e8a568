import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import { snapshotText } from '../../../server/commands/apiChanges/recordApiVersion.ts';

/**
 * The snapshot of a real description with recursive schemas stays proportional to it. Presalytics'
 * OOXML automation API (tests/fixtures/openapi-real/, 213 KB, 148 operations): its format 2
 * snapshot (every `$ref` expanded per use) did not finish in 60 s; format 3 measured 0.1-0.25 s and
 * 0.87 × the document's length on this machine. The bounds below are generous (the machine is shared).
 */
const file = new URL('../../fixtures/openapi-real/presalytics.io-ooxml.json', import.meta.url);
const text = fs.readFileSync(file, 'utf8');
const spec = () => JSON.parse(text);

describe('API snapshot of a recursive real description (presalytics ooxml)', () => {
  it('builds within a time and size proportional to the document', () => {
    const started = performance.now();
    const snapshot = snapshotOpenApi(spec());
    const ms = performance.now() - started;
    const json = snapshotText(snapshot);
    expect(snapshot.operations).toHaveLength(148);
    expect(json.length).toBeLessThanOrEqual(2 * text.length);
    expect(ms).toBeLessThan(10_000);
    // Each named schema once: no more entries than the document has distinct $refs.
    const refs = new Set(text.match(/"\$ref":"[^"]+"/g));
    expect(Object.keys(snapshot.schemas!).length).toBeLessThanOrEqual(refs.size);
  });

  it('diffs a change deep inside a recursive schema once per operation, by its first path', () => {
    const before = snapshotOpenApi(spec());
    const changed = spec();
    // Shared.FillMap.Details reaches itself through shapes, connectors and pictures.
    changed.components.schemas['Shared.FillMap.Details'].properties.newField = { type: 'string' };
    const after = snapshotOpenApi(changed);
    const started = performance.now();
    const d = diffApiSnapshots(before, after);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(d.summary.changed).toBeGreaterThan(0);
    expect(d.summary.breaking).toBe(0);
    for (const op of d.operations) {
      const added = op.reasons.filter((r) => r.rule.endsWith('-property-added') && r.path.endsWith('.properties.newField'));
      // Reported where the schema is first met in requests, success answers and error answers —
      // at most once each — not once per path through the cycles.
      expect(added.length).toBeGreaterThan(0);
      expect(added.length).toBeLessThanOrEqual(3);
    }
    expect(diffApiSnapshots(before, snapshotOpenApi(spec())).operations).toEqual([]);
  });
});
