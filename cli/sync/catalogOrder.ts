import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PAGE_ORDER } from '../../core/limits.ts';
import type { CliIO } from '../io.ts';
import type { Change, ServerCatalog } from './client.ts';
import type { LocalDoc } from './localDoc.ts';
import { confinedPath } from './confine.ts';
import { catalogDir, MAX_CATALOG_DEPTH, writeFileAtomic } from './paths.ts';
import type { SyncState } from './state.ts';

/**
 * Catalog order travels in a small per-folder file, `.docs-order.json`: `{ "<subfolder>": <order> }`
 * for the folders (catalogs) directly inside it. `docs pull` writes it only where the item's
 * catalogs are ordered (some order other than the default 99) and leaves it byte for byte when
 * nothing changed; `docs push` sends an order that changed in the file. Page order is the page's
 * front-matter `order`.
 */
export const ORDER_FILE = '.docs-order.json';

export interface FolderOrder {
  /** The catalog path of the folder holding the file ([] = the docs folder itself). */
  catPath: string[];
  /** Subfolder name → catalog order. */
  orders: Record<string, number>;
}

/** Reads one order file; answers why it is refused, or its orders. */
export function parseOrderFile(text: string): { orders: Record<string, number> } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { problem: `not valid JSON: ${(err as Error).message}` };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { problem: 'expected an object of "folder": order pairs' };
  const orders: Record<string, number> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1_000_000_000)
      return { problem: `"${name}": the order must be a whole number from 0 to 1000000000` };
    orders[name] = value;
  }
  return { orders };
}

const key = (catPath: string[]) => catPath.join('/');

/**
 * The catalog order changes a push sends: orders edited in the folder since the last sync. The
 * server's order wins where it changed since (a reorder in the web UI, fetched by the next pull),
 * and from a fresh clone wherever the web UI ordered the catalog at all, so CI never undoes it.
 */
export function catalogOrderChanges(folderOrders: FolderOrder[], catalogs: ServerCatalog[], state: SyncState, docs: LocalDoc[], io: CliIO): Change[] {
  const server = new Map(catalogs.map((c) => [key(c.path), c]));
  const used = new Set<string>();
  for (const d of docs) for (let i = 1; i <= d.catPath.length; i++) used.add(key(d.catPath.slice(0, i)));
  const changes: Change[] = [];
  for (const { catPath, orders } of folderOrders) {
    for (const [name, order] of Object.entries(orders)) {
      const path = [...catPath, name];
      const k = key(path);
      const current = server.get(k);
      const recorded = state.catalogs?.[k];
      if (current?.s_number === order) continue;
      if (recorded === order) continue;
      if (!current && !used.has(k)) continue;
      if (current && (recorded !== undefined ? current.s_number !== recorded : current.s_number !== DEFAULT_PAGE_ORDER)) {
        io.stderr(`kept the server's order of catalog ${k} (${current.s_number}): it changed on the server since the last sync; docs pull fetches it\n`);
        continue;
      }
      changes.push({ op: 'catalog', cat_path: path, s_number: order });
    }
  }
  return changes;
}

/** The item's catalog orders, to compare the next push against. */
export function recordCatalogOrders(state: SyncState, catalogs: ServerCatalog[]): void {
  state.catalogs = Object.fromEntries(catalogs.map((c) => [key(c.path), c.s_number]));
}

/**
 * Writes each folder's `.docs-order.json` where its catalogs are ordered, removes it where they no
 * longer are, and leaves files that already say the same untouched. Answers the files written or removed.
 */
export async function writeOrderFiles(root: string, catalogs: ServerCatalog[]): Promise<string[]> {
  const byParent = new Map<string, ServerCatalog[]>();
  for (const c of catalogs) {
    const parent = key(c.path.slice(0, -1));
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const parents = new Set<string>(['', ...catalogs.filter((c) => c.path.length < MAX_CATALOG_DEPTH).map((c) => key(c.path))]);
  const touched: string[] = [];
  for (const parent of parents) {
    const children = (byParent.get(parent) ?? []).slice().sort((a, b) => a.s_number - b.s_number || a.cat_id - b.cat_id);
    const dir = catalogDir(parent ? parent.split('/') : []);
    const rel = dir ? `${dir}/${ORDER_FILE}` : ORDER_FILE;
    // The order file is the CLI's own (hidden) file: its folder is what must stay inside the root.
    const file = path.join(dir ? await confinedPath(root, dir) : root, ORDER_FILE);
    const current = await fs.readFile(file, 'utf8').catch(() => null);
    if (!children.some((c) => c.s_number !== DEFAULT_PAGE_ORDER)) {
      if (current !== null) {
        await fs.rm(file, { force: true });
        touched.push(rel);
      }
      continue;
    }
    const text = `${JSON.stringify(Object.fromEntries(children.map((c) => [catalogDir([c.cat_name]), c.s_number])), null, 2)}\n`;
    if (current === text) continue;
    await writeFileAtomic(file, text);
    touched.push(rel);
  }
  return touched;
}
