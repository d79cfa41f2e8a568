import path from 'node:path';
import { FormatError } from '../errors.ts';

/**
 * swagger-parser, the one module that uses it, for the server importer and the CLI: validating an
 * uploaded document (`validateOpenApi`) and bundling a multi-file description of a docs folder
 * (`bundleOpenApi`). The importer then reads the validated document lazily (schema.ts), which is
 * faster than reading swagger-parser's dereferenced copy (figures there). Loaded on demand: most
 * imports and folders have no OpenAPI file.
 */

/**
 * Documents up to this size are validated in full (the OpenAPI JSON Schema, then Swagger 2.0's
 * semantic rules). Measured on GitHub's 13 MB description (CPU time, Node 24): validation costs
 * 3.1 s — Ajv runs over the dereferenced document, expanding every shared component — against
 * 0.83 s for the whole import; the dereference alone is 0.74 s. Larger documents come from
 * toolchains that validate them already, and the importer reads them tolerantly (an unresolvable
 * `$ref` reads as `{}`), so they skip it rather than quadruple the import time.
 */
export const VALIDATE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Validates a parsed OpenAPI 3.x / Swagger 2.0 document with swagger-parser (on a copy: it
 * dereferences what it is given) and throws FormatError with its first complaint. References to
 * other files or URLs are not followed: an uploaded document stands alone.
 */
export async function validateOpenApi(spec: Record<string, unknown>, byteLength: number, where: string): Promise<void> {
  if (byteLength > VALIDATE_MAX_BYTES) return;
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    await SwaggerParser.validate(structuredClone(spec) as never, { resolve: { http: false, file: false } } as never);
  } catch (err) {
    throw new FormatError(`not a valid OpenAPI description: ${describeValidationError(err)}`, where);
  }
}

/** swagger-parser's first line, plus Ajv's first detail line when that says which field is wrong. */
function describeValidationError(err: unknown): string {
  const lines = String((err as Error)?.message ?? err).split('\n').map((l) => l.trim()).filter(Boolean);
  const head = lines[0] ?? 'invalid';
  return /schema validation failed/i.test(head) && lines[1] ? `${head} ${lines[1]}`.slice(0, 500) : head.slice(0, 500);
}

/** True when an OpenAPI document points at other files (`$ref: ./paths/pets.yaml`), not only inside itself. */
export function hasExternalRefs(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      if (k === '$ref' && typeof child === 'string' && !child.startsWith('#')) return true;
      stack.push(child);
    }
  }
  return false;
}

export interface BundledSpec {
  /** One document with internal `$ref`s only. */
  api: unknown;
  /** Every file the bundle read besides the root, as absolute paths: parts of the API, never pages of their own. */
  parts: string[];
}

/** An OpenAPI file split over several files, refused with the file at fault named. */
export class SpecBundleError extends Error {}

/**
 * Bundles a multi-file OpenAPI/Swagger description (`openapi.yaml` + `paths/` + `components/`)
 * with swagger-parser into one document and validates it. Only local files are followed (a URL
 * `$ref` would make a push depend on the network). Loaded on demand: most folders have no such file.
 */
export async function bundleOpenApi(absPath: string, root: string): Promise<BundledSpec> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const parser = new SwaggerParser();
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  let api: unknown;
  try {
    api = await parser.bundle(absPath, { resolve: { http: false } });
  } catch (err) {
    throw new SpecBundleError(namingFiles(err, root, rel(absPath)));
  }
  const parts = parser.$refs.paths().filter((p) => path.resolve(p) !== path.resolve(absPath));
  try {
    // validate() dereferences what it is given: hand it a copy and keep the bundle for the importer.
    await SwaggerParser.validate(structuredClone(api) as never, { resolve: { http: false } });
  } catch (err) {
    throw new SpecBundleError(`${rel(absPath)}: not a valid OpenAPI description: ${firstLine(err)}`);
  }
  return { api, parts };
}

/** A resolver error names absolute paths: say them relative to the docs folder, led by the file at fault. */
function namingFiles(err: unknown, root: string, rootFile: string): string {
  const e = err as { source?: string };
  const rel = (file: string) => path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  const message = firstLine(err).replaceAll(`${root}${path.sep}`, '');
  const source = typeof e.source === 'string' && e.source ? rel(e.source) : '';
  // A $ref to a file that is not there: the fault is in the description that points at it.
  if (/ENOENT/.test(message)) return `${rootFile}: a $ref points at ${source || 'a file'}, which does not exist`;
  return source ? `${source}: ${message.replace(/^Error parsing [^:]*: ?/, '')}` : `${rootFile}: ${message}`;
}

function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err).split('\n')[0]!.trim();
}
