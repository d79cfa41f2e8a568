import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffApiSnapshots } from '../../../core/apiDiff.ts';
import { snapshotPostman } from '../../../importers/postmanSnapshot.ts';
import { importPostman } from '../../../importers/postman.ts';
import { walkPages } from '../../../core/tree.ts';
import { npmFixture } from '../../helpers/npmFixtures.ts';

/** Real collections from postman-to-openapi's test data (MIT, copied into tests/fixtures/npm). */
const dir = `${npmFixture('postman-to-openapi@1.7.3')}/test/resources/input/`;
const load = (file: string) => JSON.parse(fs.readFileSync(`${dir}${file}`, 'utf8'));

describe('Postman snapshot', () => {
  it('reads method, path (variables as {name}), query, body and inherited auth', () => {
    const snap = snapshotPostman(load('v21/AuthBearer.json'));
    expect(snap.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['POST /users', 'GET /users']);
    expect(snap.operations[0]?.security).toEqual([['bearer']]);
    expect(Object.keys(snap.operations[0]?.requestBody?.content ?? {})).toEqual(['application/json']);
    expect(snap.operations[1]?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:age', 'query:name', 'query:review', 'query:number']);
    const paths = snapshotPostman(load('v21/PathParams.json'));
    expect(paths.operations[0]).toMatchObject({ path: '/users/{user_id}', parameters: [{ name: 'user_id', in: 'path', required: true }] });
  });

  it('gives every operation the key of the page the importer makes for it', () => {
    const c = load('v21/FolderCollection.json');
    const keys = new Set([...walkPages(importPostman(c))].map((p) => p.page.key));
    const snap = snapshotPostman(c);
    expect(snap.operations.length).toBeGreaterThan(0);
    for (const op of snap.operations) expect(keys.has(op.pageKey!)).toBe(true);
  });

  it('marks a request removed from the collection breaking', () => {
    const before = load('v21/SimplePost.json');
    const after = structuredClone(before);
    after.item.pop();
    const d = diffApiSnapshots(snapshotPostman(before), snapshotPostman(after));
    expect(d.summary).toMatchObject({ removed: 1, breaking: 1 });
  });
});
