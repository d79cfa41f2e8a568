import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * Checkpoints of the SQLite write-ahead log, in a thread of their own instead of in the commit
 * that crosses SQLite's threshold. With SQLite's automatic checkpoint, the connection that commits
 * past 1,000 WAL pages copies the whole log into the database right then, synchronously: after
 * an import of GitHub's OpenAPI (10 MB of log) the commit held the server's only thread for
 * ~100 ms, against ~10 ms with the checkpoint left out (measured 2026-11-27, better-sqlite3, 1,223
 * pages of 8 KB; issue #26). The writer turns its automatic checkpoint off (knex.ts), and this
 * looks every second at the log: grown past the same threshold since the last look, a thread
 * with its own connection checkpoints it (PASSIVE: readers and the writer go on). The thread
 * starts on the first checkpoint and ends when idle, so a quiet server runs none.
 */
const CHECK_MS = 1000;
/** SQLite's own threshold: 1,000 pages of 4 KB. */
const WAL_BYTES = 1000 * 4096;
const IDLE_MS = 30_000;
const THREAD = new URL('./walCheckpointThread.mjs', import.meta.url);

export interface WalCheckpointer {
  /** Checkpoints now (waits for it); the periodic check calls it when the log has grown. */
  checkpoint(): Promise<{ log: number; checkpointed: number } | null>;
  stop(): Promise<void>;
}

export function startWalCheckpointer(file: string): WalCheckpointer {
  const wal = `${file}-wal`;
  let thread: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let running: Promise<{ log: number; checkpointed: number } | null> | null = null;
  let lastSeen = '';

  const endThread = async () => {
    const t = thread;
    thread = null;
    if (!t) return;
    const exited = new Promise((resolve) => t.once('exit', resolve));
    // Held until it has closed its connection: an unref'd thread would not keep a closing process waiting.
    t.ref();
    t.postMessage('close');
    await exited;
  };

  const checkpoint = (): Promise<{ log: number; checkpointed: number } | null> => {
    if (running) return running;
    if (idle) clearTimeout(idle);
    if (!thread) {
      thread = new Worker(THREAD, { workerData: { file } });
      thread.unref();
      // A thread that failed (the file gone with its server) is simply started again next time.
      thread.on('error', () => (thread = null));
    }
    const t = thread;
    running = new Promise<{ log: number; checkpointed: number } | null>((resolve) => {
      const done = (answer: { ok: boolean; log?: number; checkpointed?: number }) => {
        t.off('exit', gone);
        resolve(answer.ok ? { log: answer.log!, checkpointed: answer.checkpointed! } : null);
      };
      const gone = () => (t.off('message', done), resolve(null));
      t.once('message', done);
      t.once('exit', gone);
      t.postMessage('checkpoint');
    }).finally(() => {
      running = null;
      idle = setTimeout(() => void endThread(), IDLE_MS).unref();
    });
    return running;
  };

  const timer = setInterval(() => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(wal);
    } catch {
      return;
    }
    // The log keeps its size after a checkpoint (the writer then writes it again from the start):
    // a change since the last look is what says there are new pages to copy.
    const seen = `${stat.size}:${stat.mtimeMs}`;
    if (stat.size < WAL_BYTES || seen === lastSeen) return;
    lastSeen = seen;
    void checkpoint();
  }, CHECK_MS).unref();

  return {
    checkpoint,
    async stop() {
      clearInterval(timer);
      if (idle) clearTimeout(idle);
      await running;
      await endThread();
    },
  };
}
