import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSnapshot } from '../../core/apiSnapshot.ts';
import { prepareApiVersion, reprepareApiVersion, type LatestApiVersion } from '../../importers/apiVersion/prepare.ts';
import { latestApiVersion, recordApiVersion } from '../../server/commands/apiChanges/recordApiVersion.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildItem, buildUser } from '../helpers/factories.ts';

/**
 * An import prepares its API version (stored form and diff) in its worker, against the item's
 * latest version read before the job; the server process only writes the rows. When another
 * version came in meanwhile, the prepared one is compared again with that one, never stored with
 * a diff against a version that is no longer the latest.
 */
let t: TestServer;
let itemId: number;
const author = { uid: 0, username: 'API' };
const op = (path: string) => ({ method: 'GET', path, parameters: [], responses: {}, security: [] });
const snap = (...paths: string[]): ApiSnapshot => ({ title: 'API', version: '1', operations: paths.map(op) }) as unknown as ApiSnapshot;
const record = (api: Parameters<typeof recordApiVersion>[1]['api']) =>
  recordApiVersion(t.services, { itemId, stream: '', sourceName: 'api.json', kind: 'openapi', api, author });

beforeAll(async () => {
  t = await startTestServer();
  itemId = (await buildItem(t, await buildUser(t))).item_id;
});
afterAll(() => t.close());

describe('an API version prepared in the import job', () => {
  it('is stored as prepared when the latest version is still the one it was compared with', async () => {
    const prepared = await prepareApiVersion(snap('/a', '/b'), null);
    let reprepared = 0;
    const v = await record({ prepared, reprepare: (latest) => (reprepared++, reprepareApiVersion(prepared, latest)) });
    expect(reprepared).toBe(0);
    expect(v!.summary).toMatchObject({ added: 2, removed: 0 });
    const latest = await latestApiVersion(t.services.db, itemId, '');
    expect(latest!.version_id).toBe(v!.version_id);
    expect(latest!.snapshot_hash).toBe(prepared.hash);
  });

  it('is compared again with a version that came in meanwhile', async () => {
    const base = await latestApiVersion(t.services.db, itemId, '');
    // Prepared against version 1 (/a, /b) …
    const prepared = await prepareApiVersion(snap('/a', '/c'), base);
    expect(prepared.diff.summary).toMatchObject({ added: 1, removed: 1 });
    // … while a push records version 2 (/a, /b, /c).
    await record({ snapshot: snap('/a', '/b', '/c') });
    const seen: (LatestApiVersion | null)[] = [];
    const v = await record({ prepared, reprepare: (latest) => (seen.push(latest), reprepareApiVersion(prepared, latest)) });
    expect(seen.map((l) => l?.version_id)).toEqual([base!.version_id + 1]);
    // Against version 2 only /b is gone.
    expect(v!.summary).toMatchObject({ added: 0, removed: 1 });
    expect(v!.diff.operations.map((o) => `${o.change} ${o.path}`)).toEqual(['removed /b']);
  });

  it('records nothing when the prepared API equals the latest version', async () => {
    const latest = await latestApiVersion(t.services.db, itemId, '');
    const prepared = await prepareApiVersion(snap('/a', '/c'), latest);
    expect(prepared.unchanged).toBe(true);
    expect(await record({ prepared, reprepare: () => Promise.reject(new Error('not expected')) })).toBeNull();
  });
});
