import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Test data from npm packages, copied into the repository (tests/fixtures/npm/<package>@<version>/,
 * same paths as in the package, its licence beside them; origins in tests/fixtures/README.md) so
 * that the tests read nothing from node_modules and no test-data package is installed.
 */
const ROOT = path.resolve(import.meta.dirname, '../fixtures/npm');

/** The path of `file` of the npm package `spec` (name@version), as copied into tests/fixtures/npm. */
export function npmFixture(spec: string, file = ''): string {
  const full = path.join(ROOT, spec, file);
  if (!fs.existsSync(full)) throw new Error(`no fixture ${path.relative(process.cwd(), full)}: copy it from the npm package ${spec} (see tests/fixtures/README.md)`);
  return full;
}

/** GitHub's REST API description (13 MB of JSON, @octokit/openapi 23.0.2), committed gzipped. */
export function githubApiSpec(): Buffer {
  return gunzipSync(fs.readFileSync(npmFixture('@octokit/openapi@23.0.2', 'generated/api.github.com.json.gz')));
}
