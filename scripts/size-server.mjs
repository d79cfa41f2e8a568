#!/usr/bin/env node
// Measures the server's production install: the lockfile and every workspace's package.json copied
// (web/ only: cli/ is no workspace, so the stand-alone CLI's dependencies stay out of this install)
// into a temporary folder, `npm ci --omit=dev` there (the web app's packages are web/'s
// devDependencies, build-time only, so they stay out), then the bytes of the files in node_modules
// and the largest packages. Install scripts are skipped (better-sqlite3 ships its prebuilt binaries).
// The figure and the 15 largest are quoted in docs/DEVELOPING.md (Packages and workspaces).
//   npm run size:server
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-server-install-'));
try {
  for (const file of ['package.json', 'package-lock.json', ...(rootPackage.workspaces ?? []).map((w) => path.join(w, 'package.json'))]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  const started = performance.now();
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - started) / 1000;

  const modules = path.join(dir, 'node_modules');
  const byPackage = new Map();
  let total = 0;
  for (const f of fs.readdirSync(modules, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const bytes = fs.statSync(path.join(f.parentPath, f.name)).size;
    total += bytes;
    const parts = path.relative(modules, f.parentPath).split(path.sep);
    const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (name) byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  const packages = fs
    .readdirSync(modules)
    .flatMap((n) => (n.startsWith('@') ? fs.readdirSync(path.join(modules, n)).map((s) => `${n}/${s}`) : [n]))
    .filter((n) => !n.startsWith('.'));
  console.log(`server production install (npm ci --omit=dev): ${mb(total)} MB in node_modules, ${packages.length} top-level packages, ${seconds.toFixed(0)} s`);
  const largest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`largest: ${largest.map(([name, bytes]) => `${name} ${mb(bytes)} MB`).join(', ')}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
