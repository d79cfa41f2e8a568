import type { ApiDocLang } from '../core/apiDoc.ts';
import type { DocTree } from '../core/tree.ts';
import { parseStructured, isObject } from './document.ts';
import { FormatError } from './errors.ts';
import { checkVersion, importOpenApi, isOpenApiDocument, refuseOverLimit } from './openapi.ts';
import { MAX_SPEC_WARNINGS, validateOpenApi, type SpecValidation } from './openapi/swaggerParser.ts';
import { importPostman, isPostmanV1, isPostmanV2 } from './postman.ts';
import { readArchive } from './showdocZip.ts';
import type { RefusedEntry } from './zip.ts';
import { importXlsx, isXlsxPackage } from './xlsx/index.ts';
import { looksLikeZip } from './zip.ts';

/**
 * One entry point for "import this file": the format is detected from the CONTENT (zip magic,
 * then JSON/YAML keys), never only from the extension, so a Postman export renamed `.zip` still
 * imports as Postman, and a zip holding xl/workbook.xml is an Excel workbook (a spreadsheet item).
 * Throws FormatError naming the problem.
 */
export type ImportFormat = 'zip' | 'xlsx' | 'openapi' | 'postman';

export interface ImportOptions {
  fileName?: string;
  lang?: ApiDocLang;
}

export function detectStructured(value: unknown): ImportFormat | null {
  if (isOpenApiDocument(value)) return 'openapi';
  if (isPostmanV2(value) || isPostmanV1(value)) return 'postman';
  return null;
}

/**
 * The archive entries left out for their names, as warnings in the shape of OpenAPI's validation
 * warnings (the import answer's one channel for them): the entry's name and why, the first
 * MAX_SPEC_WARNINGS listed and how many in all.
 */
function skippedWarnings(skipped: RefusedEntry[]): SpecValidation {
  return { warnings: skipped.slice(0, MAX_SPEC_WARNINGS).map((e) => ({ path: e.name, message: `not imported: ${e.why}` })), total: skipped.length };
}

/**
 * `skipped`: a zip's entries left out for their names (importers/showdocZip.ts), the rest imported.
 * `document`: the parsed JSON/YAML of an OpenAPI or Postman file (for its API snapshot).
 * `validation`: what strict validation found in an OpenAPI file that imports all the same.
 */
export async function importFile(
  bytes: Uint8Array,
  opts: ImportOptions = {},
): Promise<{ format: ImportFormat; tree: DocTree; document?: unknown; validation?: SpecValidation; skipped?: SpecValidation }> {
  const where = opts.fileName || 'file';
  if (!bytes.byteLength) throw new FormatError('the file is empty', where);
  if (looksLikeZip(bytes)) {
    if (await isXlsxPackage(bytes, where)) return { format: 'xlsx', tree: await importXlsx(bytes, { fileName: opts.fileName }) };
    const { tree, skipped } = await readArchive(bytes, { fileName: opts.fileName });
    return { format: 'zip', tree, ...(skipped.length ? { skipped: skippedWarnings(skipped) } : {}) };
  }
  const value = parseStructured(bytes, where);
  const format = detectStructured(value);
  if (format === 'openapi') {
    checkVersion(value as Record<string, unknown>);
    refuseOverLimit(value as Record<string, unknown>, where);
    const validation = await validateOpenApi(value as Record<string, unknown>, bytes.byteLength, where);
    return { format, tree: importOpenApi(value, opts), document: value, validation };
  }
  if (format === 'postman') return { format, tree: importPostman(value, opts), document: value };
  const hint = isObject(value) && isObject(value.info) ? ' ("info" has neither "_postman_id" nor a Postman "schema")' : '';
  throw new FormatError(
    `unrecognised format${hint}: expected a ShowDoc/Markdown zip, an Excel workbook (.xlsx), an OpenAPI 3 or Swagger 2 document, or a Postman collection (v1, v2.0, v2.1)`,
    where,
  );
}
