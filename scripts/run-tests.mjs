#!/usr/bin/env node
// Runs the test suites. `sqlite` (npm test): unit + API + CLI tests on the embedded database,
// then the browser tests. `pg` (npm run test:pg): unit + API + CLI on PostgreSQL.
// `e2e` (npm run test:e2e): browser tests only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { requireNode24 } from '../bin/requireNode.mjs';

requireNode24('The test suite');

/** The Debian packages the suite drives for real: one line naming what is missing and how to get it. */
function missingPrerequisites() {
  const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  const missing = [];
  if (!fs.existsSync('/usr/sbin/slapd') && !onPath('slapd')) missing.push('slapd');
  return missing;
}

const mode = process.argv[2] ?? 'sqlite';
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

function run(args, env) {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function e2e() {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
    return 1;
  }
  const build = run(['scripts/ensure-web-build.mjs']);
  if (build !== 0) return build;
  return run([...vitest, '--config', 'vitest.e2e.config.ts'], { TEST_DB: 'sqlite' });
}

let code = 0;
const missing = mode === 'e2e' ? [] : missingPrerequisites();
if (missing.length) {
  console.error(`The LDAP tests start a real OpenLDAP server and need Debian's ${missing.join(' and ')} package: apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
if (mode === 'sqlite') {
  code = run(vitest, { TEST_DB: 'sqlite' });
  if (code === 0) code = e2e();
} else if (mode === 'pg') {
  code = run(vitest, { TEST_DB: 'pg' });
} else if (mode === 'e2e') {
  code = e2e();
} else {
  console.error(`unknown mode ${mode}: use sqlite, pg or e2e`);
  code = 2;
}
process.exit(code);
