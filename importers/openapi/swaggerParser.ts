import path from 'node:path';
import type SwaggerParserApi from '@apidevtools/swagger-parser';
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
const VALIDATE_MAX_BYTES = 2 * 1024 * 1024;

/** One problem strict validation found in a document that still imports: where (a JSON pointer) and what. */
interface SpecWarning {
  path: string;
  message: string;
}

/** At most this many warnings are listed (Ajv reports one problem several ways inside oneOf/anyOf). */
export const MAX_SPEC_WARNINGS = 20;

/** What validation said of a readable document: the first warnings, and how many there were in all. */
export interface SpecValidation {
  warnings: SpecWarning[];
  total: number;
}

/**
 * Validates a parsed OpenAPI 3.x / Swagger 2.0 document with swagger-parser (on a copy: it
 * dereferences what it is given). A document that breaks the OpenAPI schema or its semantic rules
 * but can be read is imported with the problems as warnings: real descriptions that Swagger UI,
 * Redoc and ShowDoc display carry such slips (an extra property on a parameter in Xero's, a
 * top-level extension in Google Cloud Build's). Only a document that cannot be dereferenced (a
 * `$ref` that points nowhere, or at another file or URL: an uploaded document stands alone) is
 * refused, with FormatError naming the reason.
 */
export async function validateOpenApi(spec: Record<string, unknown>, byteLength: number, where: string): Promise<SpecValidation> {
  if (byteLength > VALIDATE_MAX_BYTES) return { warnings: [], total: 0 };
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    await SwaggerParser.validate(structuredClone(spec) as never, { resolve: { http: false, file: false } } as SwaggerParserApi.Options);
    return { warnings: [], total: 0 };
  } catch (err) {
    if (isUnreadable(err)) throw new FormatError(`the OpenAPI description cannot be read: ${firstLine(err)}`, where);
    return validationWarnings(err);
  }
}

/** json-schema-ref-parser's errors (a `$ref` that cannot be resolved, an unparsable part) carry an `E…` code; validation failures are plain SyntaxErrors. */
function isUnreadable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === 'string' && /^E[A-Z]+$/.test(code)) || err instanceof ReferenceError;
}

/** Ajv's error list (schema validation) or the one semantic complaint, as warnings, deduplicated and capped. */
function validationWarnings(err: unknown): SpecValidation {
  const details = (err as { details?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[] }).details;
  const all: SpecWarning[] = details?.length
    ? details.map((d) => ({ path: `#${d.instancePath || '/'}`, message: `${d.message ?? 'is invalid'}${extraName(d.params)}` }))
    : [{ path: '#/', message: firstLine(err).replace(/^Validation failed\.\s*/, '') }];
  const seen = new Set<string>();
  const unique = all.filter((w) => !seen.has(`${w.path}\n${w.message}`) && !!seen.add(`${w.path}\n${w.message}`));
  return { warnings: unique.slice(0, MAX_SPEC_WARNINGS), total: unique.length };
}

/** The offending property's name, when Ajv says which (`additionalProperties`, `unevaluatedProperties`). */
function extraName(params: Record<string, unknown> | undefined): string {
  if (params && 'additionalProperty' in params) return ` (${String(params.additionalProperty)})`;
  if (params && 'unevaluatedProperty' in params) return ` (${String(params.unevaluatedProperty)})`;
  return '';
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
  /** What strict validation found, each naming the file it is written in (the first MAX_SPEC_WARNINGS). */
  warnings: SpecFault[];
  /** How many problems validation found in all. */
  warningsTotal: number;
}

/** One fault of a multi-file description: the file at fault (relative to the docs folder) and what is wrong. */
export interface SpecFault {
  relPath: string;
  message: string;
}

/** An OpenAPI file split over several files, refused with every fault found, each naming its file. */
export class SpecBundleError extends Error {
  readonly faults: SpecFault[];
  constructor(faults: SpecFault[]) {
    super(faults.map((f) => `${f.relPath}: ${f.message}`).join('\n'));
    this.faults = faults;
  }
}

interface ParserFault {
  message?: string;
  source?: string;
  code?: string;
}

interface RefsLike {
  get(ref: string): unknown;
}

/**
 * Bundles a multi-file OpenAPI/Swagger description (`openapi.yaml` + `paths/` + `components/`)
 * with swagger-parser into one document and validates it. Only local files are followed (a URL
 * `$ref` would make a push depend on the network). A description that cannot be read — a missing
 * or unparsable part — is refused with every such fault (the resolver runs with
 * `continueOnError`). One that reads but breaks the OpenAPI schema is bundled, as import/auto
 * imports such files, with the validation's problems (Ajv, all errors) as warnings, each traced
 * back through the `$ref`s to the file the faulty object is written in. Loaded on demand: most
 * folders have no such file.
 */
export async function bundleOpenApi(absPath: string, root: string): Promise<BundledSpec> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const parser = new SwaggerParser();
  const rel = (file: string) => path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  let api: unknown;
  try {
    api = await parser.bundle(absPath, { resolve: { http: false }, continueOnError: true } as SwaggerParserApi.Options);
  } catch (err) {
    const group = (err as { errors?: ParserFault[] }).errors;
    const faults = group?.length ? group.map((e) => resolverFault(e, root, rel)) : [resolverFault(err as ParserFault, root, rel, rel(absPath))];
    throw new SpecBundleError(dedupe(faults));
  }
  const parts = parser.$refs.paths().filter((p) => path.resolve(p) !== path.resolve(absPath));
  try {
    // validate() dereferences what it is given: hand it a copy and keep the bundle for the importer.
    await SwaggerParser.validate(structuredClone(api) as never, { resolve: { http: false } });
  } catch (err) {
    if (isUnreadable(err)) throw new SpecBundleError([{ relPath: rel(absPath), message: `the OpenAPI description cannot be read: ${firstLine(err)}` }]);
    const details = (err as { details?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[] }).details;
    if (!details?.length)
      return {
        api,
        parts,
        warnings: [{ relPath: rel(absPath), message: `OpenAPI validation: ${firstLine(err).replace(/^Validation failed\.\s*/, '')}` }],
        warningsTotal: 1,
      };
    // bundle() rewrote the files' `$ref`s in place: resolve them afresh to trace each fault to its file.
    const refs = (await SwaggerParser.resolve(absPath, { resolve: { http: false } })) as unknown as RefsLike;
    const faults = details.map((d) => {
      const pointer = d.instancePath ?? '';
      const file = fileHolding(refs, path.resolve(absPath), pointer);
      return { relPath: rel(file), message: `OpenAPI validation: #${pointer || '/'} ${d.message ?? 'is invalid'}${extraName(d.params)}` };
    });
    const warnings = dedupe(faults);
    return { api, parts, warnings: warnings.slice(0, MAX_SPEC_WARNINGS), warningsTotal: warnings.length };
  }
  return { api, parts, warnings: [], warningsTotal: 0 };
}

function dedupe(faults: SpecFault[]): SpecFault[] {
  const seen = new Set<string>();
  return faults.filter((f) => !seen.has(`${f.relPath}\n${f.message}`) && !!seen.add(`${f.relPath}\n${f.message}`));
}

/** A resolver or parser error, led by the file at fault: the unparsable file itself, or the file whose `$ref` points nowhere. */
function resolverFault(e: ParserFault, root: string, rel: (file: string) => string, fallback = ''): SpecFault {
  const message = firstLine(e).replaceAll(`${root}${path.sep}`, '');
  const source = typeof e.source === 'string' && e.source ? rel(e.source) : fallback;
  const missing = /^Error opening file (.*?): ENOENT/.exec(message) ?? /ENOENT[^']*'([^']+)'/.exec(message);
  if (missing) return { relPath: source, message: `a $ref points at ${rel(missing[1]!)}, which does not exist` };
  const parsing = /^Error parsing (.*?): (.*)$/.exec(message);
  if (parsing) return { relPath: rel(parsing[1]!), message: parsing[2]! };
  return { relPath: source, message };
}

/**
 * The file an object of the bundled document is written in: the JSON pointer is walked from the
 * root file, following every `$ref` to another file (or another place in the same one) on the way.
 */
function fileHolding(refs: RefsLike, rootFile: string, pointer: string): string {
  let file = rootFile;
  let value: unknown = refs.get(rootFile);
  const follow = () => {
    for (let hops = 0; hops < 32 && value && typeof value === 'object' && typeof (value as { $ref?: unknown }).$ref === 'string'; hops++) {
      const ref = (value as { $ref: string }).$ref;
      const [target, hash = ''] = ref.split('#');
      if (target) file = path.resolve(path.dirname(file), decodeURI(target));
      try {
        value = refs.get(`${file}#${hash}`);
      } catch {
        return;
      }
    }
  };
  for (const segment of pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    follow();
    if (!value || typeof value !== 'object') break;
    value = (value as Record<string, unknown>)[segment];
  }
  follow();
  return file;
}

function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .trim();
}
