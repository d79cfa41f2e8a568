/**
 * The readers of the job-pool bench (bench/pool.ts) in a worker thread of their own. In the bench's
 * main thread they shared an event loop and a heap with the upload of the 13 MB spec: its
 * multipart body (30 ms of the bench's own CPU) and the bench's major collections (6–20 ms, a
 * heap holding the spec) were counted as the server's latency — of the 25 reads over 8 ms in one
 * profiled run, 9 fell in such a pause of the bench while the server's thread was idle. Other
 * users' reads do not come from the uploader's process; here they come from their own thread.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface Target {
  url: string;
  token: string;
  itemId: number;
  pageId: number;
  /** Closed loops: each client sends its next read when the last has answered. */
  clients: number;
  /** Instead, one steady stream: a read of each kind every `everyMs`. */
  everyMs?: number;
}

export interface ReadLatencies {
  page: number[];
  item: number[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One POST on a kept-alive connection: node:http costs the client a third of fetch's CPU, which
 * shares the server's two cores. A kept-alive connection left idle through the bench's quiet
 * pause (longer than the test server's 5 s keep-alive) can be closed by the server just as it is
 * reused: that read is sent again once, on a new connection, as Node's documentation advises
 * (`request.reusedSocket`); a run failed on it ("read ECONNRESET") about once in ten.
 */
function call(t: Target, name: string, params: Record<string, number>): Promise<{ error_code: number; error_message?: string }> {
  return send(t, name, params).catch((err: NodeJS.ErrnoException & { reused?: boolean }) => {
    if (err.reused && err.code === 'ECONNRESET') return send(t, name, params);
    throw err;
  });
}

function send(t: Target, name: string, params: Record<string, number>): Promise<{ error_code: number; error_message?: string }> {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}/api/${name}`,
      {
        method: 'POST',
        agent,
        headers: { 'X-API-Token': t.token, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error_code: number; error_message?: string });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(Object.assign(err, { reused: req.reusedSocket })));
    req.end(body);
  });
}

/** Reads page/info and item/info of one item in turn until `until()` says so; answers each action's latencies. */
async function readLoop(t: Target, until: () => boolean): Promise<ReadLatencies> {
  const out: ReadLatencies = { page: [], item: [] };
  while (!until()) {
    let start = performance.now();
    const p = await call(t, 'page/info', { page_id: t.pageId });
    out.page.push(performance.now() - start);
    start = performance.now();
    const i = await call(t, 'item/info', { item_id: t.itemId });
    out.item.push(performance.now() - start);
    if (p.error_code || i.error_code) throw new Error(`read failed: ${p.error_message ?? i.error_message}`);
  }
  return out;
}

/**
 * Reads at a steady rate, as users' clicks arrive: a page/info and an item/info every
 * `everyMs`, each sent on time whether or not earlier ones have answered. A latency counts from
 * when the read was due, so a stalled server is charged for the reads it kept waiting (a closed
 * loop sends nothing while it waits, and hides exactly those).
 */
async function steadyReads(t: Target, everyMs: number, until: () => boolean): Promise<ReadLatencies> {
  const out: ReadLatencies = { page: [], item: [] };
  const pending: Promise<void>[] = [];
  const timed = async (name: 'page/info' | 'item/info', due: number, into: number[]) => {
    const r = await call(t, name, name === 'page/info' ? { page_id: t.pageId } : { item_id: t.itemId });
    into.push(performance.now() - due);
    if (r.error_code) throw new Error(`read failed: ${r.error_message}`);
  };
  for (let due = performance.now(); !until(); due += everyMs) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(timed('page/info', due, out.page), timed('item/info', due, out.item));
  }
  await Promise.all(pending);
  return out;
}

/** The readers until `until()`, latencies sorted: `clients` closed loops, or one steady stream. */
async function readers(t: Target, until: () => boolean): Promise<ReadLatencies> {
  const runs = t.everyMs ? [await steadyReads(t, t.everyMs, until)] : await Promise.all(Array.from({ length: t.clients }, () => readLoop(t, until)));
  return { page: runs.flatMap((r) => r.page).sort((a, b) => a - b), item: runs.flatMap((r) => r.item).sort((a, b) => a - b) };
}

/** The main thread's handle: `read(ms)` reads for a while; `start()` reads until its `stop()`. */
export class ReaderThread {
  readonly #worker: Worker;

  constructor(target: Target) {
    this.#worker = new Worker(new URL(import.meta.url), { workerData: target });
  }

  #next(): Promise<ReadLatencies> {
    return new Promise((resolve, reject) => {
      this.#worker.once('message', resolve);
      this.#worker.once('error', reject);
    });
  }

  read(ms: number): Promise<ReadLatencies> {
    const answer = this.#next();
    this.#worker.postMessage({ forMs: ms });
    return answer;
  }

  start(): { stop(): Promise<ReadLatencies> } {
    const answer = this.#next();
    this.#worker.postMessage({ untilStopped: true });
    return { stop: () => (this.#worker.postMessage({ stop: true }), answer) };
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const target = workerData as Target;
  let stopped = false;
  port.on('message', (msg: { forMs?: number; untilStopped?: boolean; stop?: boolean }) => {
    if (msg.stop) {
      stopped = true;
      return;
    }
    stopped = false;
    const end = performance.now() + (msg.forMs ?? Infinity);
    void readers(target, () => stopped || performance.now() >= end).then((r) => port.postMessage(r));
  });
}
