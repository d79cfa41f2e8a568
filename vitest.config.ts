import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testPasswordCostEnv } from './tests/helpers/passwordCost.ts';

export default defineConfig({
  // The web app's alias, for unit tests of web/src/lib modules that use core.
  resolve: { alias: { '@core': path.resolve(import.meta.dirname, 'core') } },
  test: {
    // Servers the tests spawn as processes hash passwords at the test-only cost (see server/config.ts).
    env: testPasswordCostEnv,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/cli/**/*.test.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
