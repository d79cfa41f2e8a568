import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPages, walkPages, type DocTree } from '../../../core/tree.ts';
import { parseStructured } from '../../../importers/document.ts';
import { FormatError, IMPORT_LIMITS } from '../../../importers/errors.ts';
import { importFile } from '../../../importers/index.ts';
import { importOpenApi } from '../../../importers/openapi.ts';
import { expectGolden } from './golden.ts';
import { npmFixture, githubApiSpec } from '../../helpers/npmFixtures.ts';

const OAS = npmFixture('@readme/oas-examples@8.2.2');
const load = (file: string) => parseStructured(fs.readFileSync(file), file);
// YAML parsing is slow; the big YAML twins of the JSON files add time, not coverage.
const specFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') || (/\.ya?ml$/.test(f) && fs.statSync(path.join(dir, f)).size < 60_000))
    .map((f) => path.join(dir, f));

function keysOf(tree: DocTree): string[] {
  return [...walkPages(tree)].map(({ page }) => page.key!);
}

describe('importOpenApi on the real corpora', () => {
  const corpora = [
    ...['2.0', '3.0', '3.1'].flatMap((v) => ['json', 'yaml'].flatMap((f) => specFiles(`${OAS}/${v}/${f}`))),
    ...specFiles(`${npmFixture('insomnia-importers@3.6.0')}/src/importers/fixtures/openapi3`).filter((f) => f.includes('-input')),
    ...specFiles(`${npmFixture('insomnia-importers@3.6.0')}/src/importers/fixtures/swagger2`).filter((f) => f.includes('-input')),
  ];

  it('imports every Swagger 2.0 / OpenAPI 3.0 / 3.1 file with unique keys', () => {
    expect(corpora.length).toBeGreaterThan(90);
    for (const file of corpora) {
      const tree = importOpenApi(load(file), { fileName: file });
      const keys = keysOf(tree);
      expect(new Set(keys).size, file).toBe(keys.length);
      expect(
        keys.every((k) => k.startsWith('openapi:')),
        file,
      ).toBe(true);
      for (const { page } of walkPages(tree)) expect(page.content, `${file} ${page.title}`).toContain('##### Request URL');
    }
  });

  it('gives the same tree for the JSON and YAML forms of a document', () => {
    for (const v of ['2.0', '3.0', '3.1']) {
      for (const name of ['petstore', 'schema-circular']) {
        const json = `${OAS}/${v}/json/${name}.json`;
        if (!fs.existsSync(json)) continue;
        expect(importOpenApi(load(`${OAS}/${v}/yaml/${name}.yaml`)), `${v} ${name}`).toEqual(importOpenApi(load(json)));
      }
    }
  });

  it('makes a catalog per tag, in declared order, and pages in path order', () => {
    const tree = importOpenApi(load(`${OAS}/3.0/json/petstore.json`));
    expect(tree.name).toBe('Swagger Petstore');
    expect(tree.catalogs.map((c) => [c.name, c.pages.length])).toEqual([
      ['pet', 8],
      ['store', 4],
      ['user', 8],
    ]);
    expect(tree.catalogs[0]!.pages.map((p) => p.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('puts untagged operations in the default catalog and keys them by METHOD path without an operationId', () => {
    const tree = importOpenApi({ openapi: '3.0.3', info: { title: 'T' }, paths: { '/a/{id}': { get: { responses: { 200: { description: 'ok' } } } } } });
    expect(tree.catalogs.map((c) => c.name)).toEqual(['default']);
    expect(tree.catalogs[0]!.pages[0]).toMatchObject({ title: 'GET /a/{id}', key: 'openapi:GET /a/{id}' });
  });

  it('renders an operation in the API-description layout (golden)', () => {
    const tree = importOpenApi(load(`${OAS}/3.0/json/petstore.json`));
    const page = [...walkPages(tree)].find(({ page }) => page.key === 'openapi:findPetsByStatus')!.page;
    expectGolden('petstore-findPetsByStatus.md', page.content);
    const swagger = importOpenApi(load(`${OAS}/2.0/json/petstore.json`));
    expectGolden('swagger2-petstore-addPet.md', [...walkPages(swagger)].find(({ page }) => page.key === 'openapi:addPet')!.page.content);
  });

  it('renders in Chinese when asked, like ShowDoc', () => {
    const tree = importOpenApi(load(`${OAS}/3.0/json/petstore.json`), { lang: 'zh' });
    expectGolden('petstore-getPetById.zh.md', [...walkPages(tree)].find(({ page }) => page.key === 'openapi:getPetById')!.page.content);
  });

  it('survives circular schemas and still shows the fields up to the cycle', () => {
    const tree = importOpenApi(load(`${OAS}/3.0/json/schema-circular.json`));
    expect(countPages(tree)).toBeGreaterThan(0);
    const all = [...walkPages(tree)].map(({ page }) => page.content).join('\n');
    expect(all).toContain('|name|required|type|');
  });

  it('generates examples from schemas when the document has none', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Gen' },
      components: {
        schemas: {
          User: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'integer' },
              email: { type: 'string', format: 'email' },
              roles: { type: 'array', items: { type: 'string', enum: ['admin', 'user'] } },
              manager: { $ref: '#/components/schemas/User' },
            },
          },
        },
      },
      paths: {
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
            responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
          },
        },
      },
    };
    const page = importOpenApi(spec).catalogs[0]!.pages[0]!;
    expect(page.content).toContain('"email": "user@example.com"');
    expect(page.content).toContain('"roles": [\n    "admin"\n  ]');
    expect(page.content).toContain('|id|yes|integer|');
    expect(page.content).toContain('|manager|no|object|');
    expect(page.content).not.toContain('manager.manager');
  });

  it('uses the first server (variables filled) for 3.x and scheme://host/basePath for 2.0', () => {
    const v3 = importOpenApi({
      openapi: '3.0.0',
      info: { title: 'x' },
      servers: [{ url: 'https://{region}.api.test/v{ver}', variables: { region: { default: 'eu' }, ver: { default: '2' } } }],
      paths: { '/p': { get: { operationId: 'p' } } },
    });
    expect(v3.catalogs[0]!.pages[0]!.content).toContain('`https://eu.api.test/v2/p`');
    const v2 = importOpenApi({
      swagger: '2.0',
      info: { title: 'x' },
      host: 'api.test',
      basePath: '/v1',
      schemes: ['http'],
      paths: { '/p': { get: { operationId: 'p' } } },
    });
    expect(v2.catalogs[0]!.pages[0]!.content).toContain('`http://api.test/v1/p`');
  });

  it('imports GitHub’s API (13 MB, 1,200+ operations) with one page per operation', async () => {
    const { format, tree } = await importFile(githubApiSpec(), { fileName: 'api.github.com.json' });
    expect(format).toBe('openapi');
    expect(countPages(tree)).toBeGreaterThan(1200);
    expect(tree.catalogs.length).toBeGreaterThan(40);
    expect(new Set(keysOf(tree)).size).toBe(countPages(tree));
  }, 60_000);

  it('imports Figma’s YAML-only OpenAPI 3.1', () => {
    const tree = importOpenApi(load(npmFixture('@figma/rest-api-spec@0.43.0', 'openapi/openapi.yaml')));
    expect(countPages(tree)).toBeGreaterThan(40);
  }, 30_000);
});

describe('importOpenApi refusals', () => {
  it.each([
    [{ openapi: '4.0.0', info: {}, paths: {} }, /OpenAPI version "4\.0\.0" is not supported/],
    [{ swagger: '1.2', info: {}, paths: {} }, /Swagger version "1\.2" is not supported/],
    [{ openapi: '3.0.0', info: {} }, /no "paths"/],
    [{ hello: 1 }, /not an OpenAPI or Swagger document/],
  ])('throws a FormatError naming the problem (%#)', (doc, message) => {
    expect(() => importOpenApi(doc)).toThrow(FormatError);
    expect(() => importOpenApi(doc)).toThrow(message);
  });

  it('validates with swagger-parser on import: a readable document that breaks the schema imports with the fault as a warning', async () => {
    const petstore = JSON.parse(fs.readFileSync(`${OAS}/3.0/json/petstore.json`, 'utf8'));
    await expect(importFile(new TextEncoder().encode(JSON.stringify(petstore)), { fileName: 'petstore.json' })).resolves.toMatchObject({
      format: 'openapi',
      validation: { warnings: [], total: 0 },
    });
    const noInfo = { ...petstore, info: undefined };
    const lenient = await importFile(new TextEncoder().encode(JSON.stringify(noInfo)), { fileName: 'petstore.json' });
    expect(lenient.validation!.warnings).toContainEqual({ path: '#/', message: "must have required property 'info'" });
    expect(lenient.tree.catalogs.flatMap((c) => c.pages).length).toBeGreaterThan(0);
  });

  it('refuses a document that cannot be dereferenced, naming the $ref', async () => {
    const petstore = JSON.parse(fs.readFileSync(`${OAS}/3.0/json/petstore.json`, 'utf8'));
    const dangling = structuredClone(petstore);
    dangling.paths['/pet'].post.responses['405'] = { $ref: '#/components/responses/Nowhere' };
    await expect(importFile(new TextEncoder().encode(JSON.stringify(dangling)), { fileName: 'petstore.json' })).rejects.toThrow(
      /petstore\.json: the OpenAPI description cannot be read: .*Missing \$ref pointer "#\/components\/responses\/Nowhere"/,
    );
  });

  it('refuses documents above the size limit before parsing them', () => {
    const huge = new Uint8Array(IMPORT_LIMITS.maxDocumentBytes + 1).fill(0x20);
    expect(() => parseStructured(huge, 'huge.json')).toThrow(/huge\.json: the document is 64\.0 MB, over the 64 MB limit/);
  });

  it('caps YAML aliases (billion laughs)', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 9; i++)
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(',')}]`,
      );
    expect(() => parseStructured(new TextEncoder().encode(lines.join('\n')), 'laughs.yaml')).toThrow(FormatError);
  });
});
