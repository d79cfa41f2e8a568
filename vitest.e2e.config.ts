import { defineConfig } from 'vitest/config';
import { testPasswordCostEnv } from './tests/helpers/passwordCost.ts';

export default defineConfig({
  test: {
    // Servers the tests spawn as processes hash passwords at the test-only cost (see server/config.ts).
    env: testPasswordCostEnv,
    include: ['tests/e2e/**/*.test.ts'],
    // The same database set-up as the API suite, so TEST_DB=pg browser runs work too.
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
