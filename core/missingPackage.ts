/**
 * Packages a Folio install may leave out on purpose — the stand-alone CLI's format libraries
 * (cli/optionalPackages.ts), the server's S3 SDK (server/storage/s3.ts) — are loaded with
 * `import()` when a feature first needs them. When one is absent, Node's "Cannot find package"
 * names neither the feature nor the fix; these helpers turn it into a sentence that does.
 */

/**
 * The package Node could not find, when `err` is its ERR_MODULE_NOT_FOUND for a bare import
 * ("Cannot find package 'x' imported from …"); otherwise null. A file missing inside an installed
 * package is reported with its path, which names no package, so it stays the original error.
 */
export function missingPackageName(err: unknown): string | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || e.code !== 'ERR_MODULE_NOT_FOUND' || typeof e.message !== 'string') return null;
  return /Cannot find (?:package|module) '([^']+)'/.exec(e.message)?.[1] ?? null;
}

/**
 * `load()` — an `import()` of the package `name`, written at the call site so bundlers and the
 * type checker see it — or, when that very package is not installed, the error `missing()` makes
 * (a sentence naming the feature, the package and how to add it). Any other failure, including a
 * broken install of the package, is thrown as it is.
 */
export async function importOptional<T>(name: string, load: () => Promise<T>, missing: () => Error): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (missingPackageName(err) === name) throw missing();
    throw err;
  }
}
