import path from 'node:path';
import { walkPages, type DocTree } from '../../core/tree.ts';
import { DEFAULT_PAGE_ORDER } from '../../core/limits.ts';
import { FormatError } from '../../importers/errors.ts';
import { CliFailure } from '../errors.ts';
import { MAX_CATALOG_DEPTH, type LocalDoc, type SpecFile } from './folder.ts';
import { contentHash } from './hash.ts';
import { bundleOpenApi, hasExternalRefs, SpecBundleError } from '../../importers/openapi/swaggerParser.ts';
import type { FolderProblem } from './problems.ts';
import type { PushedApi } from './apiGate.ts';
import { openCliJobs } from './jobs.ts';

/**
 * API description files in the folder (OpenAPI/Swagger JSON or YAML, Postman collections) become
 * pages through the same importers the server uses, in a catalog named after the API beside the
 * file. Each page's stable key is the file path plus the importer's key (e.g.
 * `api/petstore.yaml#openapi:getPetById`), so re-pushing an edited spec updates the same pages.
 * An OpenAPI file with `$ref`s to other files is bundled into one API (importers/openapi/swaggerParser.ts) and the
 * files it references are parts of it, never APIs or pages of their own. JSON/YAML files that are
 * neither are not documentation and are skipped. A bad description is added to `problems` (all of
 * them, with the file), or thrown when no list is given.
 */
export async function docsFromSpecFiles(
  files: SpecFile[],
  problems?: FolderProblem[],
  root?: string,
  apis?: PushedApi[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<LocalDoc[]> {
  const report = (relPath: string, message: string) => {
    if (!problems) throw new CliFailure(`${relPath}: ${message}`);
    problems.push({ relPath, message });
  };
  if (!files.length) return [];
  // Read, parsed and turned into pages in a worker process with the job limits (JOB_MEMORY_MB,
  // JOB_TIMEOUT_SECONDS): a description over them is a problem of its file, not a V8 abort.
  // The pool and the importers load only when the folder has JSON/YAML files.
  const jobs = await openCliJobs(env);
  try {
    const candidates: {
      file: SpecFile;
      value: unknown;
      format: 'openapi' | 'postman';
      tree?: DocTree;
      error?: string;
      warnings?: FolderProblem[];
      warningsTotal?: number;
    }[] = [];
    for (const file of files) {
      let made;
      try {
        made = await jobs.run('specFile', { path: path.resolve(file.absPath), relPath: file.relPath }, file.relPath);
      } catch (err) {
        if (!(err instanceof CliFailure)) throw err;
        report(file.relPath, err.message.replace(`${file.relPath}: `, ''));
        continue;
      }
      if (!made) continue;
      if ('error' in made) candidates.push({ file, value: null, format: 'openapi', error: made.error });
      else {
        const { validation, ...spec } = made;
        // A one-file description was validated as import/auto validates it: problems are warnings.
        const warnings = validation?.warnings.map((w) => ({ relPath: file.relPath, message: `OpenAPI validation: ${w.path} ${w.message}` }));
        candidates.push({ file, ...spec, ...(validation ? { warnings, warningsTotal: validation.total } : {}) });
      }
    }
    // Multi-file OpenAPI first: the files they pull in are then known and left out below.
    const parts = new Set<string>();
    for (const c of candidates) {
      if (c.error !== undefined || c.tree || c.format !== 'openapi' || !hasExternalRefs(c.value)) continue;
      try {
        const bundled = await bundleOpenApi(c.file.absPath, root ?? path.dirname(c.file.absPath));
        c.value = bundled.api;
        c.warnings = bundled.warnings;
        c.warningsTotal = bundled.warningsTotal;
        for (const p of bundled.parts) parts.add(path.resolve(p));
      } catch (err) {
        if (!(err instanceof SpecBundleError)) throw err;
        // Every fault of the description, each with the file it is in.
        for (const f of err.faults) report(f.relPath || c.file.relPath, f.message);
        c.value = undefined;
      }
    }
    const docs: LocalDoc[] = [];
    for (const c of candidates) {
      const { file, value, format } = c;
      if (value === undefined || parts.has(path.resolve(file.absPath))) continue;
      try {
        let tree = c.tree;
        let error = c.error;
        if (!tree && error === undefined) {
          const made = await jobs.run('specTree', { format, value, fileName: file.relPath }, file.relPath);
          if ('error' in made) error = made.error;
          else tree = made.tree;
        }
        if (error !== undefined) throw new FormatError(error.replace(`${file.relPath}: `, ''), file.relPath);
        docs.push(...docsFromTree(file, tree!));
        apis?.push({ source: file.relPath, document: value, ...(c.warningsTotal ? { warnings: c.warnings, warningsTotal: c.warningsTotal } : {}) });
      } catch (err) {
        if (err instanceof FormatError) report(file.relPath, err.message.replace(`${file.relPath}: `, ''));
        else if (err instanceof CliFailure && problems) problems.push({ relPath: file.relPath, message: err.message.replace(`${file.relPath}: `, '') });
        else throw err;
      }
    }
    return docs;
  } finally {
    await jobs.close();
  }
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
      throw new CliFailure(
        `${opts.source}: "${page.title}" would sit ${catPath.length} catalogs deep (${catPath.join('/')}); Folio allows ${MAX_CATALOG_DEPTH} — ${opts.hint}`,
      );
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
