import { defineConfig } from 'vitest/config';
import { testPasswordCostEnv } from './tests/helpers/passwordCost.ts';

/**
 * `npm run test:security` (issue #13): request forgery, hostile input, security headers, migration
 * races and failed starts, the permission matrix, the XSS corpus, faults (kill -9, lost database
 * connections, two instances) and upgrades — on SQLite, or on PostgreSQL with TEST_DB=pg. Some
 * files drive Chromium and spawn servers, so files run one at a time with generous timeouts.
 *
 * Two kinds of file run in one pass only, so CI runs each check once and stays well inside its
 * time budget: the PostgreSQL-only fault tests (they start PostgreSQL-backed servers whatever
 * TEST_DB says) run in the PostgreSQL pass, and the XSS corpus — which checks what Chromium makes
 * of stored text, the same bytes from either engine — runs in the SQLite pass.
 */
const onPg = process.env.TEST_DB === 'pg';
const pgOnly = ['tests/security/faults-pgcut.test.ts', 'tests/security/faults-twoinstances.test.ts'];
const renderingOnly = ['tests/security/xss-corpus.test.ts'];

export default defineConfig({
  test: {
    // Servers the tests spawn as processes hash passwords at the test-only cost (see server/config.ts).
    env: testPasswordCostEnv,
    include: ['tests/security/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPg ? renderingOnly : pgOnly)],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
