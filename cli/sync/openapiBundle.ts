import path from 'node:path';

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
