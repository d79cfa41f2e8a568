// The module a worker process of the job pool (workers/pool.ts) loads: tinypool's child
// entry imports it and calls its `runJob` export once per job (the published CLI loads its own
// bundle, cli/jobWorker.ts, instead: scripts/build-cli.ts). Plain JavaScript so that the
// stripped-TypeScript cache (bin/strippedCache.mjs) is in place before the first .ts loads: a
// worker then never loads Node's type stripper (~15 MB), as the server process does not.
import '../bin/strippedCache.mjs';

const [{ jobRunner }, { JOBS }] = await Promise.all([import('./jobRunner.ts'), import('./jobs.ts')]);
export const runJob = jobRunner(JOBS);
