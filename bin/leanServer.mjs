// `docs serve` restarts itself once, in the same process (execve: same pid, same stdio, same
// signals), with memory settings that cannot be changed once Node has started:
//
//   --max-semi-space-size=4  V8's young generation grows to 64 MB under request load (2 × 32 MB
//     semi-spaces, Node 24's default) though little of it survives: measured live heap 26 MB
//     in a heap of 96 MB after 300 page reads. The cap was 8 MB first (a worker ~48 MB smaller
//     after a warm-up than with the default, the 1,000-page Word export ~60 MB lower, CPU per
//     request not higher). Loading the app at start fills the young generation to its cap, and
//     V8 keeps those pages: 16 MB committed at idle with ~2 MB in use, which put one idle process
//     at 115-118 MB against the 120 MB target. With 4 MB (2026-11-27, same runs alternated, load
//     6-8): idle 108-109 MB instead of 115-117, server CPU per page/info 0.74-0.78 ms against
//     0.81-0.90, per item/info 0.40-0.43 against 0.39-0.57, RSS after 8,000 requests from 32
//     clients 140-155 MB against 159-162.
//   MALLOC_ARENA_MAX=2  glibc gives each thread that allocates (libuv's pool compressing and
//     hashing, V8's compiler and GC threads) its own arena, which keeps its freed memory.
//   MALLOC_MMAP_THRESHOLD_=32768  glibc serves blocks of 128 KB and more with their own mmap,
//     returned at free, but raises that threshold (up to 32 MB) each time such a block is freed:
//     after that, zlib's stream state and large buffers come from the arenas, which keep freed
//     memory in between live blocks. A fixed threshold ends the raising. Measured 2026-11-27
//     (SQLite, same runs alternated, load 5-7): RSS after the bench's warm-up 119-121 MB against
//     124-128, after 8,000 requests from 32 clients 126-141 MB against 154-155; server CPU per
//     page/info 0.72-0.77 ms and per item/info 0.42-0.43 ms either way.
//   --initial-old-space-size=96  no major collection while the old generation is under 96 MB.
//     V8 sets the next one's start a few MB above what survived the last (47 of 53 MB at idle
//     here), so the few MB an import's writing promotes (its deserialised tree, the statements'
//     rows) started one while the pages were written: 11-16 ms of marking steps and a 3-5 ms
//     pause on the request thread, V8's helper threads marking on the other core for ~40 ms,
//     and every read meanwhile waited. Given an initial old generation, V8 does not collect
//     below it (Heap::ConfigureHeap: "allow V8 to skip full GCs below that threshold"). Measured
//     2026-11-28 (bench "job pool", steady reads during GitHub's import, three alternated pairs):
//     p99 4.7-8.4 ms (x 1.7-2.2 of idle) against 9.6-16.0 ms (x 2.8-4.7). The heap grows to the
//     floor before its first major collection: the start-up's garbage is collected once the
//     server is idle (server/main.ts), and an import's as before (workers/pool.ts).
//   --expose-gc  after a job that answered a large result (an import's pages), the server asks
//     V8 for one major collection once it is idle (workers/pool.ts): an idle process
//     allocates nothing, so V8 never collects the import's garbage on its own. Measured
//     2026-11-27 (SQLite, GitHub's OpenAPI, 1,223 pages, load ~20): RSS 45 s after the import
//     152 MB (heap 46 MB used, 11 MB of array buffers) without it, against an idle 124 MB.
//
// Settings given by the caller (the flag on the command line or in NODE_OPTIONS, the variable
// in the environment) win. FOLIO_LEAN=0 skips the restart.
//
// Just before the restart, the stripped-TypeScript cache is filled for every source
// (bin/strippedCache.mjs): a source missing from it would otherwise be stripped in the server
// itself, which loads Node's type stripper (~15 MB resident) for the rest of its life. That was
// the first start after an install or upgrade without `npm start` (and every first bench run):
// measured idle RSS of one process 140 MB with an empty cache against 115-118 MB with a full one
// (SQLite; PostgreSQL 137 against 117), and the WORKERS=2 workers, started later, never saw it.
// Stripping here costs nothing afterwards: execve discards this process image.
import { fillStrippedCache } from './strippedCache.mjs';

const SEMI_SPACE_MB = 4;
const OLD_SPACE_FLOOR_MB = 96;

/** Environment variables set for the server unless the caller set them (see above). */
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

export function leanServerFlags(execArgv = process.execArgv, env = process.env) {
  const callers = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const given = (flag) => callers.some((a) => a === flag || a.startsWith(`${flag}=`));
  const missing = Object.entries(MALLOC_ENV).filter(([k]) => !env[k]);
  const flags = [
    ...(given('--max-semi-space-size') ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
    ...(given('--initial-old-space-size') ? [] : [`--initial-old-space-size=${OLD_SPACE_FLOOR_MB}`]),
    ...(given('--expose-gc') ? [] : ['--expose-gc']),
  ];
  return {
    execArgv: [...flags, ...execArgv],
    env: missing.length ? { ...env, ...Object.fromEntries(missing) } : env,
    changed: flags.length > 0 || missing.length > 0,
  };
}

export function leanServerRestart() {
  if (process.env.FOLIO_LEAN === '0' || process.env.FOLIO_LEAN_APPLIED === '1' || typeof process.execve !== 'function') return;
  const { execArgv, env, changed } = leanServerFlags();
  if (!changed) return;
  fillStrippedCache();
  process.execve(process.execPath, [process.execPath, ...execArgv, ...process.argv.slice(1)], { ...env, FOLIO_LEAN_APPLIED: '1' });
}
