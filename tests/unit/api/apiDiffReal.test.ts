import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';
import { npmFixture } from '../../helpers/npmFixtures.ts';

/**
 * Two consecutive releases of a real public API: Netlify's Swagger 2.0 description as published
 * on npm (@netlify/open-api 2.52.0 and 2.53.0, MIT; installed as aliased dev dependencies).
 */
const load = (version: string) => JSON.parse(fs.readFileSync(npmFixture(`@netlify/open-api@${version}`, 'dist/swagger.json'), 'utf8'));

/** Operations counted straight from the documents: method + path, path parameter names blanked. */
function operationSet(spec: any): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries<any>(spec.paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) out.add(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`);
    }
  }
  return out;
}

describe('API diff on two real consecutive releases (Netlify 2.52.0 → 2.53.0)', () => {
  const before = load('2.52.0');
  const after = load('2.53.0');
  const diff = diffApiSnapshots(snapshotOpenApi(before), snapshotOpenApi(after));

  it('counts the same operations added and removed as a count made from the documents themselves', () => {
    const a = operationSet(before);
    const b = operationSet(after);
    expect(diff.summary.added).toBe([...b].filter((op) => !a.has(op)).length);
    expect(diff.summary.removed).toBe([...a].filter((op) => !b.has(op)).length);
    expect(diff.summary.added).toBeGreaterThan(0);
  });

  it('finds the new required request property that breaks branch creation, and lists it first', () => {
    expect(diff.operations[0]).toMatchObject({ method: 'POST', path: '/sites/{site_id}/database/branch', change: 'changed', breaking: true });
    expect(diff.operations[0]?.reasons.filter((r) => r.breaking)).toEqual([
      expect.objectContaining({
        rule: 'request-property-required-added',
        path: 'paths./sites/{site_id}/database/branch.post.requestBody.content.application/json.schema.properties.branch_id',
      }),
    ]);
    expect(diff.summary.breaking).toBe(1);
    // Within the operation, the breaking reason comes first.
    expect(diff.operations[0]?.reasons[0]?.breaking).toBe(true);
  });

  it('keeps an operation whose path parameter was renamed as one changed operation', () => {
    const renamed = diff.operations.filter((o) => o.reasons.some((r) => r.rule === 'path-parameter-renamed'));
    expect(renamed.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'DELETE /sites/{site_id}/database/branch/{branch_id}',
      'GET /sites/{site_id}/database/branch/{branch_id}',
    ]);
    expect(renamed.every((o) => !o.breaking)).toBe(true);
  });
});

/** Spotify's Web API (sonallux/spotify-web-api, MIT) at two consecutive release tags; see data/README.md. */
const spotify = (version: string) =>
  YAML.parse(zlib.gunzipSync(fs.readFileSync(new URL(`./data/spotify-web-api-${version}.yml.gz`, import.meta.url))).toString('utf8'));

/**
 * An independent count of changed operations: every operation with its `$ref`s resolved by a
 * resolver of its own (path-item parameters merged, document security inherited), compared as
 * JSON without what is not the API's contract (tags, operationId, externalDocs, named
 * `examples`, `x-` extensions).
 */
function changedOperations(before: any, after: any): string[] {
  const operations = (doc: any) => {
    const resolve = (node: any, open: string[] = []): any => {
      if (Array.isArray(node)) return node.map((v) => resolve(v, open));
      if (!node || typeof node !== 'object') return node;
      if (typeof node.$ref === 'string') {
        if (open.includes(node.$ref)) return { circular: node.$ref };
        const target = node.$ref
          .slice(2)
          .split('/')
          .reduce((at: any, part: string) => at[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
        return resolve(target, [...open, node.$ref]);
      }
      return Object.fromEntries(
        Object.entries(node)
          .filter(([k]) => !['tags', 'operationId', 'externalDocs', 'examples'].includes(k) && !k.startsWith('x-'))
          .map(([k, v]) => [k, resolve(v, open)]),
      );
    };
    const out = new Map<string, string>();
    for (const [path, raw] of Object.entries<any>(doc.paths)) {
      const item = resolve(raw);
      for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']) {
        if (!item[method]) continue;
        const params = new Map<string, unknown>();
        for (const p of [...(item.parameters ?? []), ...(item[method].parameters ?? [])]) params.set(`${p.in}:${p.name}`, p);
        const op = { ...item[method], parameters: [...params.entries()].sort(), security: item[method].security ?? doc.security ?? [] };
        out.set(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`, JSON.stringify(sortKeys(op)));
      }
    }
    return out;
  };
  const a = operations(before);
  const b = operations(after);
  return [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k));
}

function sortKeys(v: any): any {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys(v[k])]),
  );
}

describe('API diff on two real consecutive releases (Spotify Web API 2025.5.18 → 2026.5.31)', () => {
  const before = spotify('2025.5.18');
  const after = spotify('2026.5.31');
  const diff = diffApiSnapshots(snapshotOpenApi(before), snapshotOpenApi(after));

  it('counts what a count made from the documents themselves counts: 8 added, 0 removed, 71 changed', () => {
    const a = operationSet(before);
    const b = operationSet(after);
    expect(diff.summary.added).toBe([...b].filter((op) => !a.has(op)).length);
    expect(diff.summary.removed).toBe([...a].filter((op) => !b.has(op)).length);
    const changed = changedOperations(before, after);
    expect(diff.summary.changed).toBe(changed.length);
    expect(
      diff.operations
        .filter((o) => o.change === 'changed')
        .map((o) => `${o.method.toLowerCase()} ${o.path.replace(/\{[^}]+\}/g, '{}')}`)
        .sort(),
    ).toEqual(changed.sort());
    expect(diff.summary).toEqual({ added: 8, removed: 0, changed: 71, breaking: 2 });
  });

  it('finds the two breaking changes: the largest accepted page size cut from 50 to 10', () => {
    expect(diff.operations.filter((o) => o.breaking).map((o) => [o.method, o.path, o.reasons.filter((r) => r.breaking).map((r) => r.path)])).toEqual([
      ['GET', '/artists/{id}/albums', ['paths./artists/{id}/albums.get.parameters.query.limit.maximum']],
      ['GET', '/search', ['paths./search.get.parameters.query.limit.maximum']],
    ]);
  });

  it('reports the response properties Spotify deprecated, without calling them breaking', () => {
    const album = diff.operations.find((o) => o.method === 'GET' && o.path === '/albums/{id}')!;
    expect(album).toMatchObject({ change: 'changed', breaking: false });
    expect(album.reasons.map((r) => r.path)).toContain('paths./albums/{id}.get.responses.200.content.application/json.schema.properties.popularity.deprecated');
    expect(album.reasons.every((r) => r.rule === 'response-property-deprecated')).toBe(true);
  });
});
