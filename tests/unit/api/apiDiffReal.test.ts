import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';

/**
 * Two consecutive releases of a real public API: Netlify's Swagger 2.0 description as published
 * on npm (@netlify/open-api 2.52.0 and 2.53.0, MIT; installed as aliased dev dependencies).
 */
const require = createRequire(import.meta.url);
const load = (version: string) => JSON.parse(fs.readFileSync(require.resolve(`netlify-open-api-${version}/dist/swagger.json`), 'utf8'));

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
    expect(diff.operations[0].reasons.filter((r) => r.breaking)).toEqual([
      expect.objectContaining({ rule: 'request-property-required-added', path: 'paths./sites/{site_id}/database/branch.post.requestBody.content.application/json.schema.properties.branch_id' }),
    ]);
    expect(diff.summary.breaking).toBe(1);
    // Within the operation, the breaking reason comes first.
    expect(diff.operations[0].reasons[0].breaking).toBe(true);
  });

  it('keeps an operation whose path parameter was renamed as one changed operation', () => {
    const renamed = diff.operations.filter((o) => o.reasons.some((r) => r.rule === 'path-parameter-renamed'));
    expect(renamed.map((o) => `${o.method} ${o.path}`).sort()).toEqual(['DELETE /sites/{site_id}/database/branch/{branch_id}', 'GET /sites/{site_id}/database/branch/{branch_id}']);
    expect(renamed.every((o) => !o.breaking)).toBe(true);
  });
});
