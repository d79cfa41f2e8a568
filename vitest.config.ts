import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testPasswordCostEnv } from './tests/helpers/passwordCost.ts';

export default defineConfig({
  // The web app's alias, for unit tests of web/src/lib modules that use core.
  resolve: { alias: { '@core': path.resolve(import.meta.dirname, 'core') } },
  test: {
    // Servers the tests spawn as processes hash passwords at the test-only cost (see server/config.ts).
    env: testPasswordCostEnv,
    // Every test under tests/ (new ones mirror the source path, docs/DEVELOPING.md) except the browser
    // and security suites, which have their own configurations, and test data.
    include: ['tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/security/**', 'tests/fixtures/**'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
