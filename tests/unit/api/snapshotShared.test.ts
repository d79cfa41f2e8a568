import { describe, expect, it } from 'vitest';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import { snapshotText, snapshotTextPieces } from '../../../server/commands/apiChanges/recordApiVersion.ts';

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
