#!/usr/bin/env node
// Fills the stripped-TypeScript cache (bin/strippedCache.mjs) for every server and CLI source, so
// that even the first start after an install or upgrade never loads Node's type stripper.
import fs from 'node:fs';
import path from 'node:path';
import { strippedSource } from '../bin/strippedCache.mjs';

let n = 0;
for (const dir of ['server', 'core', 'cli', 'importers', 'exporters']) {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
    strippedSource(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    n++;
  }
}
console.error(`Stripped-TypeScript cache holds ${n} sources.`);
