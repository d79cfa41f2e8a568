import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocTree } from '../../core/tree.ts';
import { INSERT_BATCH, persistTree } from '../../server/commands/tree/persistTree.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

/**
 * Writing an import's pages gives the event loop a turn now and then (persistTree.ts): on SQLite
 * every statement runs synchronously and knex's awaits settle at once, so a 2,000-page import was
 * one unbroken burst in which no other request (and no timer) could run (issue #26).
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
});
afterAll(() => t.close());

const tree = (pages: number): DocTree => ({
  name: 'Many pages',
  pages: [],
  catalogs: Array.from({ length: 10 }, (_, c) => ({
    name: `Part ${c}`,
    pages: Array.from({ length: pages / 10 }, (_, i) => ({ title: `Page ${c}.${i}`, content: `# Page ${c}.${i}\n\n${'text '.repeat(40)}` })),
    catalogs: [],
  })),
});

describe('an import writing its pages', () => {
  it('lets timers and other requests run meanwhile', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    let during = 0;
    const pings: Promise<void>[] = [];
    let writing = true;
    // Another client's requests, sent while the pages are written: some must be answered before the end.
    const ping = async () => {
      while (writing) {
        const r = await t.fetch('/healthz');
        await r.arrayBuffer();
        if (writing) during++;
      }
    };
    pings.push(ping());
    try {
      const result = await persistTree(t.services, {
        tree: tree(2000),
        owner: { uid: owner.uid, username: owner.username },
        itemName: 'Many pages',
        password: '',
      });
      expect(result.created).toBe(2000);
    } finally {
      writing = false;
      clearInterval(timer);
    }
    await Promise.all(pings);
    expect(turns).toBeGreaterThan(10);
    expect(during).toBeGreaterThan(0);
  });
});

describe("an import's page texts", () => {
  it('are read batch by batch as the pages are inserted, not all at once before the first insert', async () => {
    // Texts read from the worker's buffer on demand (workers/treeContents.ts) must die young: read
    // all at once (a copy of each page made by spreading it read its text), GitHub's 1,223 pages
    // lived until their insert and were promoted into the old generation, each scavenge copying
    // them and a major collection following, while other requests waited (issue #26).
    let inserts = 0;
    const insertsAtRead: number[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/^insert into [`"]pages[`"]/i.test(q.sql)) inserts++;
    };
    const pages = tree(400);
    for (const catalog of pages.catalogs) {
      for (const page of catalog.pages) {
        const text = page.content;
        Object.defineProperty(page, 'content', {
          enumerable: true,
          configurable: true,
          get: () => (insertsAtRead.push(inserts), text),
        });
      }
    }
    t.services.db.on('query', onQuery);
    try {
      const result = await persistTree(t.services, { tree: pages, owner: { uid: owner.uid, username: owner.username }, itemName: 'Read late', password: '' });
      expect(result.created).toBe(400);
    } finally {
      t.services.db.off('query', onQuery);
    }
    // Each text read once, and the last ones after many pages were already inserted.
    expect(insertsAtRead).toHaveLength(400);
    // Small statements: no more pages in one than INSERT_BATCH allows (a turn stays short).
    expect(inserts).toBeGreaterThanOrEqual(Math.ceil(400 / INSERT_BATCH.maxRows));
    expect(insertsAtRead.at(-1)).toBeGreaterThanOrEqual(inserts - 1);
    expect(insertsAtRead[0]).toBe(0);
  });
});
