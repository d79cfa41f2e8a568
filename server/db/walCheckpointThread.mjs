// The thread of server/db/walCheckpoint.ts: its own connection to the SQLite file, on which it
// copies the write-ahead log into the database when asked (a PASSIVE checkpoint: it never waits
// for, nor blocks, the server's writer or readers). Plain JavaScript: a worker thread loads it
// without the server's TypeScript set-up.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, ...result });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err) });
  }
});
