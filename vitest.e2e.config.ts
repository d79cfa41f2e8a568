import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Servers the tests spawn as processes hash passwords at a test-only cost (see server/config.ts).
    env: { PASSWORD_HASH_COST: '10' },
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
