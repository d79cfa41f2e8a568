#!/usr/bin/env node
// Fills the stripped-TypeScript cache (bin/strippedCache.mjs) for every server and CLI source, so
// that even the first start after an install or upgrade never loads Node's type stripper.
// (`docs serve` also fills it itself before its lean restart: see bin/leanServer.mjs.)
import { fillStrippedCache } from '../bin/strippedCache.mjs';

console.error(`Stripped-TypeScript cache holds ${fillStrippedCache()} sources.`);
