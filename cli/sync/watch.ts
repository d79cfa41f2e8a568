import chokidar from 'chokidar';
import type { CliIO } from '../io.ts';
import { ServerUnreachable } from './client.ts';
import { isIgnoredName } from './folder.ts';
import { loadSelection } from './selection.ts';
import { STATE_DIR } from './state.ts';

export interface WatchHandle {
  /** Resolves once the initial scan is done and watching has begun. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * `docs watch`: runs `sync` once, then again after each burst of changes (debounced, so an
 * editor's write-temp-then-rename save is one sync). A sync that cannot reach the server is retried
 * with exponential backoff (1 s … 30 s) until it can; other failures are printed and the watch
 * goes on. Syncs never overlap: changes during a sync schedule one more.
 */
export function watchFolder(
  root: string,
  io: CliIO,
  sync: () => Promise<void>,
  opts: { debounceMs?: number; maxBackoffMs?: number; exclude?: string[] } = {},
): WatchHandle {
  const debounceMs = opts.debounceMs ?? 400;
  const maxBackoff = opts.maxBackoffMs ?? 30_000;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  let closed = false;
  let backoff = 1000;

  const run = async (): Promise<void> => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await sync();
      backoff = 1000;
    } catch (err) {
      if (err instanceof ServerUnreachable) {
        io.stderr(`${err.message}; retrying in ${Math.round(backoff / 1000)} s\n`);
        schedule(backoff);
        backoff = Math.min(maxBackoff, backoff * 2);
      } else io.stderr(`sync failed: ${(err as Error).message}\n`);
    } finally {
      running = false;
      if (again && !closed) {
        again = false;
        schedule(debounceMs);
      }
    }
  };
  const schedule = (ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
  };

  const selection = loadSelection(root, opts.exclude);
  const watcher = chokidar.watch(root, {
    ignoreInitial: true,
    atomic: true,
    ignored: (file: string) => {
      const rel = file.slice(root.length).split(/[\\/]/).filter(Boolean);
      if (rel[0] === STATE_DIR || rel.some((part) => isIgnoredName(part))) return true;
      // Changes to files the selection leaves out start no sync (each sync reads .docsignore afresh).
      return rel.length > 0 && selection.excludes(rel.join('/'), false);
    },
  });
  watcher.on('all', () => schedule(debounceMs));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve())).then(() => run());
  const handle: WatchHandle = {
    ready,
    async close() {
      closed = true;
      active.delete(handle);
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
  active.add(handle);
  return handle;
}

/** Running watches, so an in-process caller (tests, a signal handler) can stop them all. */
const active = new Set<WatchHandle>();
export async function stopAllWatches(): Promise<void> {
  await Promise.all([...active].map((h) => h.close()));
}
