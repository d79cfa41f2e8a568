import { describe, expect, it } from 'vitest';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import zlib from 'node:zlib';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import { snapshotText, snapshotTextPieces } from '../../../server/commands/apiChanges/recordApiVersion.ts';
import { readSnapshot } from '../../../importers/apiVersion/readSnapshot.ts';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A and B refer to each other; C is shared by both; D is a chain deeper than the depth cap (24 open refs: 23 levels expanded). */
const spec = {
  openapi: '3.0.3',
  info: { title: 'Shared', version: '1' },
  paths: {
    '/b': { get: { responses: { '200': json(ref('B')) } } },
    '/a': { get: { responses: { '200': json(ref('A')) } } },
    '/b2': { get: { responses: { '200': json(ref('B')) } } },
    '/d': { get: { responses: { '200': json({ type: 'object', properties: { x: ref('D0'), y: { type: 'array', items: ref('D5') } } }) } } },
  },
  components: {
    schemas: {
      A: { type: 'object', properties: { b: ref('B'), c: ref('C') } },
      B: { type: 'object', properties: { a: ref('A'), c: ref('C') } },
      C: { type: 'string', format: 'date' },
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`D${i}`, { type: 'object', properties: { next: ref(`D${i + 1}`) } }])),
    },
  },
};

describe('OpenAPI snapshot: named schemas stored once', () => {
  const snapshot = snapshotOpenApi(spec);
  const schemaOf = (path: string) => snapshot.operations.find((op) => op.path === path)!.responses['200']!.content['application/json'];

  it('uses a $ref by name wherever it appears, and stores its schema once, cycles included', () => {
    expect(schemaOf('/b')).toEqual(ref('B'));
    expect(schemaOf('/b2')).toEqual(ref('B'));
    expect(schemaOf('/a')).toEqual(ref('A'));
    expect(snapshot.schemas!['#/components/schemas/A']).toEqual({ type: ['object'], properties: { b: ref('B'), c: ref('C') } });
    expect(snapshot.schemas!['#/components/schemas/B']).toEqual({ type: ['object'], properties: { a: ref('A'), c: ref('C') } });
    expect(snapshot.schemas!['#/components/schemas/C']).toEqual({ type: ['string'], format: 'date' });
  });

  it('keeps a chain deeper than any expansion cap whole, each link once', () => {
    for (let i = 0; i < 30; i++) expect(snapshot.schemas![`#/components/schemas/D${i}`]).toEqual({ type: ['object'], properties: { next: ref(`D${i + 1}`) } });
    // D30 is not in the document: a ref that leads nowhere reads as an empty schema, as before.
    expect(snapshot.schemas!['#/components/schemas/D30']).toEqual({});
    expect(Object.keys(snapshot.schemas!)).toEqual([...Object.keys(snapshot.schemas!)].sort());
  });

  it('streams exactly the text JSON.stringify gives', () => {
    expect([...snapshotTextPieces(snapshot)].join('')).toBe(snapshotText(snapshot));
    const empty = { title: '', version: '', operations: [] };
    expect([...snapshotTextPieces(empty)].join('')).toBe(snapshotText(empty));
  });
});

describe('a stored snapshot read back', () => {
  const snapshot = snapshotOpenApi(spec);
  const stored = (s: unknown, space?: number) => zlib.gzipSync(JSON.stringify(s, null, space));
  const schemaIn = (s: ApiSnapshot, path: string) => s.operations.find((op) => op.path === path)!.responses['200']!.content['application/json'] as any;

  it('keeps the schemas the builder shared shared, and reads back exactly the stored text', () => {
    const back = readSnapshot(stored(snapshot));
    expect(snapshotText(back)).toBe(snapshotText(snapshot));
    // Equal values read back as one object (the diff remembers named pairs by them).
    expect(schemaIn(back, '/b2')).toBe(schemaIn(back, '/b'));
    expect(back.schemas).toEqual(snapshot.schemas);
  });

  it('diffs the same as the snapshot it was stored from, both ways', () => {
    const changedSpec = structuredClone(spec) as any;
    changedSpec.components.schemas.C = { type: 'integer' };
    changedSpec.components.schemas.B.required = ['a'];
    delete changedSpec.paths['/a'];
    changedSpec.paths['/e'] = { post: { requestBody: json(ref('A')), responses: { '204': { description: 'none' } } } };
    const changed = snapshotOpenApi(changedSpec);
    const forward = diffApiSnapshots(snapshot, changed);
    expect(forward.operations.length).toBeGreaterThan(2);
    expect(diffApiSnapshots(readSnapshot(stored(snapshot)), changed)).toEqual(forward);
    expect(diffApiSnapshots(readSnapshot(stored(changed)), snapshot)).toEqual(diffApiSnapshots(changed, snapshot));
  });

  it('reads any JSON text of a snapshot: awkward strings, a property called __proto__, whitespace, no operations', () => {
    const awkward = {
      format: 2,
      title: 'Quotes " and \\ and ]}, and ünïcödé 🙂',
      version: '1',
      operations: [
        {
          method: 'GET',
          path: '/x',
          description: '{"not": [json',
          parameters: [],
          responses: {
            '200': { content: { 'application/json': { type: ['object'], properties: { n: { type: ['number'], enum: [1, '1', true, null, 1.5] } } } } },
          },
          security: [],
        },
        { method: 'GET', path: '/y', parameters: [], responses: {}, security: [[]] },
      ],
    };
    // JSON.parse makes `__proto__` an own property (an object literal would set the prototype instead).
    awkward.operations[0]!.responses['200']!.content['application/json'] = JSON.parse(
      '{"type":["object"],"properties":{"__proto__":{"type":["string"]},"n":{"type":["number"],"enum":[1,"1",true,null,1.5]}}}',
    );
    for (const space of [undefined, 2]) {
      const back = readSnapshot(stored(awkward, space));
      expect(JSON.stringify(back)).toBe(JSON.stringify(awkward));
      expect(JSON.stringify(back)).toContain('"__proto__":{"type":["string"]}');
      expect(Object.getPrototypeOf((back.operations[0]!.responses['200']!.content['application/json'] as any).properties)).toBe(Object.prototype);
    }
    const empty = { title: '', version: '', operations: [] };
    expect(readSnapshot(stored(empty))).toEqual(empty);
  });
});
