import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { filterWorkerStderr } from '../../workers/workerStderr.ts';

/** A real Node process that writes a line of its own, then runs out of a 16 MB heap (V8 writes its report and aborts). */
async function filteredStderrOfOom(): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=16',
      '-e',
      'console.error("worker: a warning of its own"); const a = []; for (;;) a.push({ n: Math.random(), s: "x" + Math.random() });',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString('utf8')));
  filterWorkerStderr(child.stderr!, out);
  await new Promise((resolve) => child.once('close', resolve));
  return text;
}

describe('filterWorkerStderr', () => {
  it("forwards a worker's own lines and drops V8's out-of-memory report", async () => {
    const text = await filteredStderrOfOom();
    expect(text).toBe('worker: a warning of its own\n');
  }, 60_000);
});
