/**
 * The scrypt cost (log2 of N) of every password hash made in tests: in-process servers, servers
 * and CLI commands the tests spawn, the browser and security suites. Production's 2^15 spends
 * ~50 ms a hash; the suite makes thousands of accounts. Checks read N from the stored hash, so
 * nothing else changes.
 */
export const TEST_PASSWORD_HASH_COST = '10';

/** The variable to hand to a spawned `docs` process or an in-process CLI run. */
export const testPasswordCostEnv = { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST };
