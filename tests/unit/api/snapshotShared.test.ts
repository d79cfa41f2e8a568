import { describe, expect, it } from 'vitest';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import zlib from 'node:zlib';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import type { ApiSnapshot } from '../../../core/apiSnapshot.ts';
import { snapshotText, snapshotTextPieces } from '../../../server/commands/apiChanges/recordApiVersion.ts';
import { readSnapshot } from '../../../server/commands/apiChanges/readSnapshot.ts';

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

describe('OpenAPI snapshot: shared expansions of $refs', () => {
  const snapshot = snapshotOpenApi(spec);
  const schemaOf = (path: string) => snapshot.operations.find((op) => op.path === path)!.responses['200']!.content['application/json'];

  it('expands a $ref the same wherever it is used, cutting a cycle where it closes', () => {
    const c = { type: ['string'], format: 'date' };
    const fromB = { type: ['object'], properties: { a: { type: ['object'], properties: { b: { $circular: '#/components/schemas/B' }, c } }, c } };
    expect(schemaOf('/b')).toEqual(fromB);
    expect(schemaOf('/b2')).toEqual(fromB);
    expect(schemaOf('/a')).toEqual({ type: ['object'], properties: { b: { type: ['object'], properties: { a: { $circular: '#/components/schemas/A' }, c } }, c } });
  });

  it('cuts a chain at the same depth whatever was expanded before', () => {
    const depth = (s: any): number => (s.$circular !== undefined ? 0 : 1 + depth(s.properties.next));
    const d = schemaOf('/d') as any;
    expect(depth(d.properties.x)).toBe(23);
    expect(depth(d.properties.y.items)).toBe(23);
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
    // One object for B wherever it is used, and one for C inside A and B, as when it was built.
    expect(schemaIn(back, '/b2')).toBe(schemaIn(back, '/b'));
    expect(schemaIn(back, '/a').properties.c).toBe(schemaIn(back, '/b').properties.c);
    expect(schemaIn(back, '/b').properties.a.properties.c).toBe(schemaIn(back, '/b').properties.c);
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
        { method: 'GET', path: '/x', description: '{"not": [json', parameters: [], responses: { '200': { content: { 'application/json': { type: ['object'], properties: { n: { type: ['number'], enum: [1, '1', true, null, 1.5] } } } } } }, security: [] },
        { method: 'GET', path: '/y', parameters: [], responses: {}, security: [[]] },
      ],
    };
    // JSON.parse makes `__proto__` an own property (an object literal would set the prototype instead).
    awkward.operations[0]!.responses['200']!.content['application/json'] = JSON.parse('{"type":["object"],"properties":{"__proto__":{"type":["string"]},"n":{"type":["number"],"enum":[1,"1",true,null,1.5]}}}');
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
