import fs from 'node:fs/promises';
import { walkPages, type DocTree } from '../../core/tree.ts';
import { DEFAULT_PAGE_ORDER } from '../../core/limits.ts';
import { parseStructured } from '../../importers/document.ts';
import { FormatError } from '../../importers/errors.ts';
import { detectStructured } from '../../importers/index.ts';
import { importOpenApi } from '../../importers/openapi.ts';
import { importPostman } from '../../importers/postman.ts';
import { CliFailure } from '../errors.ts';
import { MAX_CATALOG_DEPTH, type LocalDoc, type SpecFile } from './folder.ts';
import { contentHash } from './hash.ts';

/**
 * API description files in the folder (OpenAPI/Swagger JSON or YAML, Postman collections) become
 * pages through the same importers the server uses, in a catalog named after the API beside the
 * file. Each page's stable key is the file path plus the importer's key (e.g.
 * `api/petstore.yaml#openapi:getPetById`), so re-pushing an edited spec updates the same pages.
 * JSON/YAML files that are neither are not documentation and are skipped.
 */
export async function docsFromSpecFiles(files: SpecFile[]): Promise<LocalDoc[]> {
  const docs: LocalDoc[] = [];
  for (const file of files) {
    const bytes = await fs.readFile(file.absPath);
    let value: unknown;
    try {
      value = parseStructured(bytes, file.relPath);
    } catch {
      continue;
    }
    const format = detectStructured(value);
    if (!format) continue;
    let tree: DocTree;
    try {
      tree = format === 'openapi' ? importOpenApi(value, { fileName: file.relPath }) : importPostman(value, { fileName: file.relPath });
    } catch (err) {
      if (err instanceof FormatError) throw new CliFailure(`${file.relPath}: ${err.message.replace(`${file.relPath}: `, '')}`, undefined, { cause: err });
      throw err;
    }
    docs.push(...docsFromTree(file, tree));
  }
  return docs;
}

function docsFromTree(file: SpecFile, tree: DocTree): LocalDoc[] {
  const apiName = tree.name.trim() || file.relPath.split('/').pop()!;
  return treeToDocs(tree, { source: file.relPath, under: [...file.catPath, apiName], keyPrefix: `${file.relPath}#`, hint: 'move the file up a folder' });
}

/**
 * A doc tree's pages as sync documents under the catalog path `under`, keyed by `keyPrefix` + the
 * importer's stable key (or the page's path when it has none).
 */
export function treeToDocs(tree: DocTree, opts: { source: string; under: string[]; keyPrefix: string; hint: string }): LocalDoc[] {
  const out: LocalDoc[] = [];
  for (const { page, path } of walkPages(tree)) {
    const catPath = [...opts.under, ...path];
    if (catPath.length > MAX_CATALOG_DEPTH) {
      throw new CliFailure(`${opts.source}: "${page.title}" would sit ${catPath.length} catalogs deep (${catPath.join('/')}); Folio allows ${MAX_CATALOG_DEPTH} — ${opts.hint}`);
    }
    const key = `${opts.keyPrefix}${page.key ?? [...path, page.title].join('/')}`.slice(0, 300);
    out.push({
      relPath: key,
      catPath,
      title: page.title,
      order: page.order ?? DEFAULT_PAGE_ORDER,
      content: page.content,
      hash: contentHash(page.content),
      source: opts.source,
      key,
    });
  }
  return out;
}
