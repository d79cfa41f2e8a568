#!/usr/bin/env node
// Builds the web app when web/dist is missing or older than the web sources, so `npm start` on a
// fresh clone serves the real app without a separate build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dist = 'web/dist/index.html';
function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
const sources = Math.max(
  newest('web/src'),
  newest('web/build'),
  newest('core'),
  fs.statSync('web/index.html').mtimeMs,
  fs.statSync('web/vite.config.ts').mtimeMs,
);
if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs >= sources && !process.argv.includes('--force')) process.exit(0);
// vite is a devDependency of the web workspace (web/package.json): hoisted to the root
// node_modules, or in web/node_modules when npm could not hoist it; absent from a production install.
const vite = ['web/node_modules/vite/bin/vite.js', 'node_modules/vite/bin/vite.js'].find((f) => fs.existsSync(f));
if (!vite) {
  console.error(
    `${dist} is missing or older than the web sources, and vite is not installed (a production install, npm ci --omit=dev, leaves out the web app's build packages): run \`npm ci && npm run build:web\` first, or copy a built web/dist in.`,
  );
  process.exit(1);
}
console.error('Building the web app (vite)…');
// NODE_ENV=production even when called from a test runner (NODE_ENV=test would bundle React's dev build)
const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(r.status ?? 1);
