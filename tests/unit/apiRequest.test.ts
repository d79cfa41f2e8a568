import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestFromApiMarkdown } from '../../core/apiRequest.ts';
import { walkPages } from '../../core/tree.ts';
import { importFile } from '../../importers/index.ts';
import { apiDocTemplate } from '../../web/src/lib/docTemplates.ts';
import { npmFixture } from '../helpers/npmFixtures.ts';

const pagesOf = async (file: string, lang: 'en' | 'zh') => {
  const { tree } = await importFile(new Uint8Array(fs.readFileSync(file)), { fileName: path.basename(file), lang });
  return new Map([...walkPages(tree)].map(({ page }) => [page.title, page.content]));
};

describe('requestFromApiMarkdown', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`reads method, URL, query and JSON body of imported OpenAPI pages (${lang})`, async () => {
      const pages = await pagesOf(npmFixture('@readme/oas-examples@8.2.2', '3.0/json/petstore.json'), lang);
      const add = requestFromApiMarkdown(pages.get('Add a new pet to the store')!)!;
      expect(add.method).toBe('POST');
      expect(add.url).toBe('http://petstore.swagger.io/v2/pet');
      expect(JSON.parse(add.body)).toMatchObject({ name: 'doggie' });
      const find = requestFromApiMarkdown(pages.get('Finds Pets by status')!)!;
      expect(find.method).toBe('GET');
      expect(find.url).toMatch(/^http:\/\/petstore\.swagger\.io\/v2\/pet\/findByStatus\?status=/);
    });
  }

  it('reads the headers table with its example values (a real Postman collection)', async () => {
    const pages = await pagesOf(`${npmFixture('postman-to-openapi@1.7.3')}/test/resources/input/v21/Headers.json`, 'en');
    const withHeaders = [...pages.values()].map((md) => requestFromApiMarkdown(md)!).find((r) => r.headers.length)!;
    expect(withHeaders.headers[0]!.name).toBeTruthy();
    expect(withHeaders.headers.some((h) => h.value !== '')).toBe(true);
  });

  it("reads ShowDoc's bold-paragraph API template in both languages, parameters of a POST as form fields", () => {
    for (const lang of ['en', 'zh'] as const) {
      const r = requestFromApiMarkdown(apiDocTemplate(lang))!;
      expect(r.method).toBe('POST');
      expect(r.url).toBe('http://xx.com/api/user/register');
      expect(r.form.map((f) => f.name)).toEqual(['username', 'password', 'name']);
    }
  });

  it('answers null for a page that is not an API description', () => {
    expect(requestFromApiMarkdown('# Notes\n\nJust text, with a `code` span.\n')).toBeNull();
  });
});
