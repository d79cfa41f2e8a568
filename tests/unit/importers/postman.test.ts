import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPages, walkPages } from '../../../core/tree.ts';
import { FormatError } from '../../../importers/errors.ts';
import { importPostman } from '../../../importers/postman.ts';
import { expectGolden } from './golden.ts';
import { npmFixture } from '../../helpers/npmFixtures.ts';

const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const dir = (d: string) =>
  fs
    .readdirSync(d)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(d, f));

describe('importPostman v2.0 / v2.1 on the real corpora', () => {
  const files = [
    ...dir(`${npmFixture('postman-to-openapi@1.7.3')}/test/resources/input/v2`),
    ...dir(`${npmFixture('postman-to-openapi@1.7.3')}/test/resources/input/v21`),
    ...dir(`${npmFixture('insomnia-importers@3.6.0')}/src/importers/fixtures/postman`).filter((f) => f.includes('-input')),
    npmFixture('postman-to-markdown@1.6.0', 'example/kmk-blog.postman_collection.json'),
  ];

  it('imports every collection with one page per request and unique keys', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const raw = json(file);
      const tree = importPostman(raw, { fileName: file });
      const requests = (function count(items: any[]): number {
        return items.reduce((n, i) => n + (Array.isArray(i.item) ? count(i.item) : i.request !== undefined ? 1 : 0), 0);
      })(raw.item);
      expect(countPages(tree), file).toBe(requests);
      const keys = [...walkPages(tree)].map(({ page }) => page.key);
      expect(new Set(keys).size, file).toBe(keys.length);
    }
  });

  it('gives the same pages for the v2.0 and v2.1 forms of a collection', () => {
    const base = `${npmFixture('postman-to-openapi@1.7.3')}/test/resources/input`;
    for (const name of ['FolderCollection.json', 'Headers.json', 'PathParams.json']) {
      const titles = (v: string) => [...walkPages(importPostman(json(`${base}/${v}/${name}`)))].map(({ page, path }) => `${path.join('/')}/${page.title}`);
      expect(titles('v21'), name).toEqual(titles('v2'));
    }
  });

  it('nests folders as catalogs and keeps their order', () => {
    const tree = importPostman(json(npmFixture('postman-to-markdown@1.6.0', 'example/kmk-blog.postman_collection.json')));
    expect(tree.catalogs.map((c) => c.name)).toEqual(['Admin', 'Search', 'WebService']);
    expect(tree.catalogs[0]!.catalogs.map((c) => c.name)).toEqual(['原子服务', '流水线']);
  });

  it('renders headers, bodies and saved responses (golden)', () => {
    const tree = importPostman(json(`${npmFixture('insomnia-importers@3.6.0')}/src/importers/fixtures/postman/complex-v2_1-input.json`));
    const pages = [...walkPages(tree)].map(({ page }) => `<!-- ${page.title} | ${page.key} -->\n${page.content}`);
    expectGolden('postman-complex-v2_1.md', pages.join('\n'));
  });
});

describe('importPostman v1', () => {
  const v1 = {
    id: 'c1',
    name: 'Echo',
    description: 'Postman Echo',
    order: ['r0'],
    folders_order: ['f1', 'f2'],
    folders: [
      { id: 'f1', name: 'Utilities / Date and Time', order: ['r1'], folders_order: ['f3'] },
      { id: 'f2', name: 'Auth', order: ['r2'] },
      { id: 'f3', name: 'Deep', order: ['r3'] },
    ],
    requests: [
      {
        id: 'r0',
        name: 'https://postman-echo.com/get?foo=bar',
        url: 'https://postman-echo.com/get?foo=bar',
        method: 'GET',
        queryParams: [{ key: 'foo', value: 'bar', description: 'a query' }],
      },
      { id: 'r1', name: 'Now', url: 'https://postman-echo.com/time/now', method: 'GET', headerData: [{ key: 'Accept', value: 'application/json' }] },
      {
        id: 'r2',
        name: 'Basic',
        url: 'https://postman-echo.com/basic-auth',
        method: 'POST',
        dataMode: 'urlencoded',
        data: [{ key: 'user', value: 'postman', type: 'text' }],
      },
      {
        id: 'r3',
        name: 'Upload',
        url: 'https://postman-echo.com/post',
        method: 'POST',
        dataMode: 'params',
        data: [{ key: 'file', value: '', type: 'file' }],
        responses: [{ name: 'ok', text: '{"files":{}}', responseCode: { code: 200 } }],
      },
      { id: 'r4', name: 'Orphan', url: 'https://postman-echo.com/orphan', method: 'DELETE', folder: 'f2' },
    ],
  };

  it('nests folders (also "A / B" names), places every request and keys pages by request id', () => {
    const tree = importPostman(v1);
    expect(tree.name).toBe('Echo');
    expect([...walkPages(tree)].map(({ page, path }) => `${path.join('/')}|${page.title}|${page.key}`)).toEqual([
      '|postman-echo.com/get|postman:r0',
      'Utilities/Date and Time|Now|postman:r1',
      'Utilities/Date and Time/Deep|Upload|postman:r3',
      'Auth|Basic|postman:r2',
      'Auth|Orphan|postman:r4',
    ]);
  });

  it('maps query, headers, urlencoded and form-data bodies and example responses', () => {
    const pages = Object.fromEntries([...walkPages(importPostman(v1))].map(({ page }) => [page.title, page.content]));
    expect(pages['postman-echo.com/get']).toContain('|foo|no|string|bar|a query|');
    expect(pages['Now']).toContain('|Accept|no|string|application/json||');
    expect(pages['Basic']).toContain('##### Body parameters');
    expect(pages['Basic']).toContain('|user|no|string|postman||');
    expect(pages['Upload']).toContain('|file|no|file|');
    expect(pages['Upload']).toContain('"files": {}');
  });

  it('folds folders below the third level into "C / D" catalogs', () => {
    const deep = {
      info: { _postman_id: 'd', name: 'Deep', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        {
          name: 'A',
          item: [
            {
              name: 'B',
              item: [{ name: 'C', item: [{ name: 'D', item: [{ name: 'E', item: [{ name: 'req', request: { method: 'GET', url: 'https://x.test/' } }] }] }] }],
            },
          ],
        },
      ],
    };
    const tree = importPostman(deep);
    expect([...walkPages(tree)].map(({ path, page }) => `${path.join('|')}|${page.title}`)).toEqual(['A|B|C / D / E|req']);
    expect(tree.catalogs[0]!.catalogs[0]!.catalogs.map((c) => c.name)).toEqual(['C', 'C / D', 'C / D / E']);
  });

  it('refuses what is not a collection', () => {
    expect(() => importPostman({ info: { name: 'x' } })).toThrow(FormatError);
  });
});
