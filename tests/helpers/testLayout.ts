import fs from 'node:fs';
import path from 'node:path';

/**
 * The test layout rule (docs/DEVELOPING.md, "Where a test goes"): a test file mirrors the path of
 * what it tests — `tests/cli/sync/push.test.ts` for `cli/sync/push.ts`,
 * `tests/server/routes/api/page.test.ts` for `server/routes/api/page.ts`, and for the test tooling
 * itself `tests/helpers/<name>.test.ts` for `tests/helpers/<name>.ts`. The browser and security
 * suites (`tests/e2e/`, `tests/security/`) are scenarios across the whole app, run by their own
 * configurations, and keep their own layout. Files older than the rule are listed in
 * `testLayoutLegacy.ts`; that list only shrinks.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Folders under tests/ outside the rule: whole-app suites, and data. */
const OUTSIDE_RULE = ['tests/e2e/', 'tests/security/', 'tests/fixtures/'];

/** The source paths a test file may mirror (relative to the repository), or null when the rule does not apply. */
export function mirroredSources(testFile: string): string[] | null {
  if (!testFile.startsWith('tests/') || !testFile.endsWith('.test.ts')) return null;
  if (OUTSIDE_RULE.some((dir) => testFile.startsWith(dir))) return null;
  const subject = testFile.slice(0, -'.test.ts'.length);
  // Test tooling keeps its path under tests/; everything else drops the leading tests/.
  const base = subject.startsWith('tests/helpers/') ? subject : subject.slice('tests/'.length);
  // A module (file) or a folder of modules tested as one.
  return [`${base}.ts`, `${base}.tsx`, `${base}.mjs`, base];
}

/** True when the test file follows the rule (or is outside it). */
export function followsLayout(testFile: string, exists: (repoPath: string) => boolean): boolean {
  const sources = mirroredSources(testFile);
  return sources === null || sources.some(exists);
}

/** Every `*.test.ts` under tests/, as repository paths. */
export function listTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules' && rel !== 'tests/fixtures') walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.test.ts')) found.push(rel);
    }
  };
  walk('tests');
  return found.sort();
}

export const existsInRepo = (repoPath: string): boolean => fs.existsSync(path.join(ROOT, repoPath));
