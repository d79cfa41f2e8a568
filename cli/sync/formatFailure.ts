import { FormatError } from '../../importers/errors.ts';
import { CliFailure } from '../errors.ts';

/** Runs a shared importer step, turning its FormatError into the CLI's one-line failure (same message). */
export function asCliFailure<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FormatError) throw new CliFailure(err.message, undefined, { cause: err });
    throw err;
  }
}
