import { missingPackageName } from '../core/missingPackage.ts';

/**
 * Packages the stand-alone CLI package (@folio/docs-cli) declares as OPTIONAL peer dependencies
 * instead of installing them: together they are most of its install (exceljs 53 MB in 170
 * packages, docx 24 MB), and a CI job that pushes and pulls never loads them. The commands that
 * need them say which package to add (see `optionalPackageMissing`); the server install has them
 * (its own optional package, the S3 SDK, is server/storage/s3.ts's).
 * scripts/build-cli.ts checks that cli/package.json declares them so (tests/cli/cliPackage.test.ts).
 */
export const OPTIONAL_PACKAGES: Readonly<Record<string, string>> = {
  docx: 'Word export (docs export --format word)',
  '@resvg/resvg-js': 'SVG images in the Word export (docs export --format word; without it they stay alt text)',
  exceljs: 'Excel workbooks (docs import/export of .xlsx files)',
};

/**
 * When `err` is Node's "Cannot find package" for one of the optional packages, the one-line
 * explanation to print instead; otherwise null.
 */
export function optionalPackageMissing(err: unknown): string | null {
  const name = missingPackageName(err);
  if (!name || !Object.hasOwn(OPTIONAL_PACKAGES, name)) return null;
  return `${OPTIONAL_PACKAGES[name]} needs the package ${name}, which @folio/docs-cli does not install by default: run \`npm install ${name}\` where the CLI is installed`;
}
