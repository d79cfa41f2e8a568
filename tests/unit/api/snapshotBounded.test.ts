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

describe("API diff of densely recursive schemas behind anyOf (the shape of Stripe's expandable fields)", () => {
  // 60 models, each with 5 fields `anyOf: [id string, $ref another model]`: every model reaches every other.
  const N = 60;
  const ref = (i: number) => ({ $ref: `#/components/schemas/M${i % N}` });
  const models = (): Record<string, any> =>
    Object.fromEntries(
      Array.from({ length: N }, (_, i) => [
        `M${i}`,
        { type: 'object', properties: Object.fromEntries(Array.from({ length: 5 }, (_, j) => [`f${j}`, { anyOf: [{ type: 'string' }, ref(i + j * 7 + 1)] }])) },
      ]),
    );
  const doc = (schemas: Record<string, any>) => ({
    openapi: '3.0.3',
    info: { title: 'Dense', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `/m${i}`,
        { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(i) } } } } } },
      ]),
    ),
    components: { schemas },
  });

  it('reports a change every model reaches in every operation, at the alternatives that lead to it, quickly', () => {
    const changed = models();
    changed.M0.properties.extra = { type: 'string' };
    const started = performance.now();
    const d = diffApiSnapshots(snapshotOpenApi(doc(models())), snapshotOpenApi(doc(changed)));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(d.summary.changed).toBe(30);
    // Each model's five fields lead (through anyOf) to M0: five reasons per operation, not one per path.
    for (const op of d.operations) expect(op.reasons.filter((r) => r.rule === 'response-variants-changed')).toHaveLength(5);
    const m0 = d.operations.find((op) => op.path === '/m0')!;
    expect(m0.reasons.filter((r) => r.rule === 'response-property-added').map((r) => r.path)).toEqual([
      'paths./m0.get.responses.200.content.application/json.schema.properties.extra',
    ]);
  });
});
