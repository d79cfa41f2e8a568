import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testPasswordCostEnv } from './tests/helpers/passwordCost.ts';

/** Under tests/ but not run here: the browser and security suites (their own configurations) and test data. */
const OUTSIDE = ['**/node_modules/**', 'tests/e2e/**', 'tests/security/**', 'tests/fixtures/**'];

export default defineConfig({
  // The web app's alias, for unit tests of web/src/lib modules that use core.
  resolve: { alias: { '@core': path.resolve(import.meta.dirname, 'core') } },
  test: {
    // Servers the tests spawn as processes hash passwords at the test-only cost (see server/config.ts).
    env: testPasswordCostEnv,
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // Every test under tests/ (new ones mirror the source path, docs/DEVELOPING.md) except the browser
    // and security suites, which have their own configurations, and test data.
    projects: [
      // The API files share one module graph per worker instead of importing the whole server
      // again for each file (about 1.5 s of CPU a file, half of a small file's cost). Each file
      // still starts its own server on its own database; no API test mocks a module.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'unit+cli', include: ['tests/**/*.test.ts'], exclude: [...OUTSIDE, 'tests/api/**'] } },
    ],
  },
});
