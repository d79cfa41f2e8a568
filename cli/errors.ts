/** Documented exit codes of `docs`. */
/** Documented exit codes of `docs`; BREAKING: `--fail-on-breaking` found a breaking API change (nothing written). */
/** BROKEN_LINKS: `--strict` found broken links or references (nothing written); the same 2 as a plan's --detailed-exitcode PENDING. */
export const ExitCode = { OK: 0, ERROR: 1, PENDING: 2, BROKEN_LINKS: 2, CONFLICT: 3, BREAKING: 4 } as const;

/** An expected failure: printed as one clear line (stack only with --verbose). */
export class CliFailure extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = ExitCode.ERROR, options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
    this.name = 'CliFailure';
  }
}
