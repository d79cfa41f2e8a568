import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security` (issue #13): request forgery, hostile input, security headers, migration
 * races and failed starts, the permission matrix, the XSS corpus, faults (kill -9, lost database
 * connections, two instances) and upgrades — on SQLite, or on PostgreSQL with TEST_DB=pg (the
 * PostgreSQL-only fault tests run in both). Some files drive Chromium and spawn servers, so files
 * run one at a time with generous timeouts.
 */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
