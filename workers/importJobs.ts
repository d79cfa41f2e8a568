import fs from 'node:fs/promises';
import type { ApiDocLang } from '../core/apiDoc.ts';
import type { ApiSnapshot } from '../core/apiSnapshot.ts';
import type { ApiSourceKind } from '../core/apiChanges.ts';
import type { DocTree } from '../core/tree.ts';
import type { ImportFormat } from '../importers/index.ts';
import type { SpecValidation } from '../importers/openapi/swaggerParser.ts';
import type { LatestApiVersion, PreparedApiVersion } from '../importers/apiVersion/prepare.ts';
import { writeContents, type ContentsFile } from './treeContents.ts';

/**
 * The import jobs of the pool (workers/jobs.ts): reading uploaded or pushed files through
 * the shared importers. Kept apart from the export jobs so that the published CLI's worker bundle
 * (cli/jobWorker.ts) holds the importers only, not the exporters' libraries (jsdom, docx).
 */
export const IMPORT_JOBS = {
  /**
   * `import/auto`: any supported file → its tree and, for an API description, the API version to
   * record, compared with the item's `latest` (importers/apiVersion/prepare.ts). `docs import` asks for the parsed `document` instead (it sends it; the server snapshots).
   */
  async import(input: {
    path: string;
    fileName?: string;
    lang?: ApiDocLang;
    want?: 'version' | 'document';
    /** The pages' text written to this file instead of kept in the tree (workers/treeContents.ts): what the server asks for. */
    contentsFile?: string;
    /** The item's latest API version, which the new snapshot is compared with (none: a new item). */
    latest?: LatestApiVersion | null;
  }): Promise<{
    format: ImportFormat;
    tree: DocTree;
    contents?: ContentsFile;
    api?: { kind: ApiSourceKind; prepared: PreparedApiVersion };
    document?: unknown;
    validation?: SpecValidation;
    skipped?: SpecValidation;
  }> {
    const { importFile } = await import('../importers/index.ts');
    const bytes = new Uint8Array(await fs.readFile(input.path));
    // validation: what strict validation found in an OpenAPI file that imports all the same (warnings);
    // skipped: a zip's entries left out for their names.
    const { format, tree, document, validation, skipped } = await importFile(bytes, { fileName: input.fileName, lang: input.lang });
    const packed = input.contentsFile ? await writeContents(tree, input.contentsFile) : { tree };
    if (format !== 'openapi' && format !== 'postman') return { format, ...packed, ...(skipped ? { skipped } : {}) };
    if (input.want === 'document') return { format, ...packed, document, validation };
    const [{ snapshotApi }, { prepareApiVersion }] = await Promise.all([import('../importers/apiSnapshot.ts'), import('../importers/apiVersion/prepare.ts')]);
    // Snapshot, stored form and diff here: the server process only writes the rows (issue #26).
    const { kind, snapshot } = snapshotApi(document, input.fileName);
    return { format, ...packed, api: { kind, prepared: await prepareApiVersion(snapshot, input.latest ?? null) }, validation };
  },

  /** An import's prepared API version compared again, with the version that came in meanwhile. */
  async reprepareApiVersion(input: { prepared: PreparedApiVersion; latest: LatestApiVersion | null }): Promise<PreparedApiVersion> {
    const { reprepareApiVersion } = await import('../importers/apiVersion/prepare.ts');
    return reprepareApiVersion(input.prepared, input.latest);
  },

  /**
   * `docs plan` / `docs push`: one JSON/YAML file of the folder → null when it is no API
   * description; else its format and document, and its tree unless it `$ref`s other files (the
   * CLI bundles those first, then asks `specTree`). A description that does not read → `error`.
   */
  async specFile(input: {
    path: string;
    relPath: string;
  }): Promise<{ format: 'openapi' | 'postman'; value: unknown; tree?: DocTree; validation?: SpecValidation } | { error: string } | null> {
    const [{ parseStructured }, { detectStructured }, { hasExternalRefs, validateOpenApi }] = await Promise.all([
      import('../importers/document.ts'),
      import('../importers/index.ts'),
      import('../importers/openapi/swaggerParser.ts'),
    ]);
    let value: unknown;
    let byteLength: number;
    try {
      const bytes = await fs.readFile(input.path);
      byteLength = bytes.byteLength;
      value = parseStructured(bytes, input.relPath);
    } catch {
      return null;
    }
    const format = detectStructured(value);
    if (format !== 'openapi' && format !== 'postman') return null;
    if (format === 'openapi' && hasExternalRefs(value)) return { format, value };
    const made = await IMPORT_JOBS.specTree({ format, value, fileName: input.relPath });
    if ('error' in made) return made;
    // Validated as import/auto validates (the problems are warnings): here, off the CLI's own thread.
    const validation = format === 'openapi' ? await validateOpenApi(value as Record<string, unknown>, byteLength, input.relPath) : undefined;
    return { format, value, tree: made.tree, ...(validation ? { validation } : {}) };
  },

  /** The tree of an API description the CLI has (a bundled multi-file OpenAPI), or the importer's words. */
  async specTree(input: { format: 'openapi' | 'postman'; value: unknown; fileName: string }): Promise<{ tree: DocTree } | { error: string }> {
    const [{ importOpenApi }, { importPostman }, { FormatError }] = await Promise.all([
      import('../importers/openapi.ts'),
      import('../importers/postman.ts'),
      import('../importers/errors.ts'),
    ]);
    try {
      return {
        tree: input.format === 'openapi' ? importOpenApi(input.value, { fileName: input.fileName }) : importPostman(input.value, { fileName: input.fileName }),
      };
    } catch (err) {
      if (err instanceof FormatError) return { error: err.message };
      throw err;
    }
  },

  /**
   * `sync/apply`'s pushed API descriptions → their snapshots (the CLI sends documents, the server
   * normalises), each or the importer's words on why it is not one.
   */
  async snapshots(input: {
    documents: { document: unknown; source: string }[];
  }): Promise<({ kind: ApiSourceKind; snapshot: ApiSnapshot } | { error: string })[]> {
    const [{ snapshotApi }, { FormatError }] = await Promise.all([import('../importers/apiSnapshot.ts'), import('../importers/errors.ts')]);
    return input.documents.map((d) => {
      try {
        return snapshotApi(d.document, d.source);
      } catch (err) {
        if (err instanceof FormatError) return { error: err.message };
        throw err;
      }
    });
  },

  /** `import/xlsx`: an uploaded workbook → the editor's sheet JSON. */
  async xlsxSheets(input: { path: string; fileName: string }) {
    const { xlsxToSheets } = await import('../importers/xlsx/index.ts');
    return xlsxToSheets(new Uint8Array(await fs.readFile(input.path)), input.fileName);
  },
} as const;
