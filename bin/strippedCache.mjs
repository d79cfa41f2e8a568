// Node 24 runs Folio's TypeScript by stripping its types, but its stripper (amaro, SWC compiled to
// WebAssembly) costs every process about 15 MB of resident memory once loaded (measured: a
// one-line .ts file runs in 61 MB, the same file served already stripped in 46 MB). This hook
// keeps the stripped text of each source file in node_modules/.cache/folio-ts, named by the
// SHA-1 of the source, so a process whose files are all in the cache never loads the stripper.
// The text is exactly what Node itself would run (module.stripTypeScriptTypes, mode 'strip':
// types become blanks, so line and column numbers in stack traces stay right). A changed file
// has a new hash and is stripped again; a read-only cache directory only means no saving.
// FOLIO_TS_CACHE=0 turns it off. Synchronous in-thread hooks (module.registerHooks): no loader thread.
// `docs serve` fills the cache for every source before its lean restart (fillStrippedCache, called
// by bin/leanServer.mjs), so the stripper only ever loads into the image that execve discards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/folio-ts/', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The stripped text of a .ts source, from the cache or stripped now (and stored). */
export function strippedSource(source) {
  const file = path.join(CACHE_DIR, `${crypto.createHash('sha1').update(source).digest('hex')}.js`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    // not cached yet
  }
  // Node's own loader strips without a word; the public function warns that it is experimental.
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => (/stripTypeScriptTypes/.test(String(warning)) ? undefined : emitWarning.call(process, warning, ...rest));
  let stripped;
  try {
    stripped = stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = emitWarning;
  }
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, stripped);
    fs.renameSync(tmp, file); // atomic: workers starting together never read half a file
  } catch {
    // a read-only install: run without the cache
  }
  return stripped;
}

/** The folders whose .ts sources the server and the CLI run. */
const SOURCE_DIRS = ['server', 'core', 'cli', 'importers', 'exporters', 'workers'];

/**
 * Strips every server and CLI source that is not in the cache yet and answers how many sources
 * there are. Does nothing when the cache is off or cannot be written (a read-only install would
 * strip everything at every start for nothing). With a full cache this only reads and hashes the
 * sources (~20 ms for 341 files).
 */
export function fillStrippedCache() {
  if (process.env.FOLIO_TS_CACHE === '0') return 0;
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.accessSync(CACHE_DIR, fs.constants.W_OK);
  } catch {
    return 0;
  }
  let n = 0;
  for (const dir of SOURCE_DIRS) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
      strippedSource(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
      n++;
    }
  }
  return n;
}

if (process.env.FOLIO_TS_CACHE !== '0') {
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:') && url.endsWith('.ts')) {
        const filename = fileURLToPath(url);
        if (filename.startsWith(ROOT) && !filename.includes(`${path.sep}node_modules${path.sep}`)) {
          return { format: 'module', source: strippedSource(fs.readFileSync(filename, 'utf8')), shortCircuit: true };
        }
      }
      return nextLoad(url, context);
    },
  });
}
