import fs from 'node:fs';
import path from 'node:path';
import { yaml } from '../../../importers/markdownFolder/lazyYaml.ts';
import type { LocalDoc } from '../localDoc.ts';
import { idsOfSidebars, readSidebarsJs } from './sidebars.ts';
import { readSummary } from './summary.ts';

/**
 * The navigation a documentation generator keeps beside the pages (issue #21 part 5): mdBook's and
 * GitBook's `SUMMARY.md` (in the pushed folder), MkDocs' `mkdocs.yml` `nav` and Docusaurus'
 * `sidebars.js` / `sidebars.json` (in the folder or the site folder above it). The push creates
 * pages in this order and orders them by it (navOrder.ts, also when the navigation is reordered
 * later), so the item's menu lists them as the site does while every file keeps its text: no
 * `order:` is ever added to a file, and a pull into an empty folder gives the files back byte for byte. SUMMARY.md also gives titles to pages whose
 * front matter names none (it is a page of the folder, so a pull reads it back too).
 */
export interface Navigation {
  /** Where it was read (`SUMMARY.md`, `../mkdocs.yml`, `../sidebars.js`). */
  source: string;
  /** Page files of the folder in navigation order. */
  order: string[];
  /** Titles by page file (SUMMARY.md only). */
  titles: Map<string, string>;
  /** What could not be read (a computed sidebar entry, a nav entry with no file). */
  notes: string[];
}

const MARKDOWN = /\.(md|markdown)$/i;
/** Docusaurus drops number prefixes from doc ids (`01-intro.md` is `intro`). */
const docusaurusId = (relPath: string) =>
  relPath
    .replace(MARKDOWN, '')
    .replace(/\.mdx$/i, '')
    .split('/')
    .map((s) => s.replace(/^\d+[-_.]/, ''))
    .join('/');

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The folders a site's own config may sit in: the pushed folder, then the one above it. */
const siteFolders = (root: string) => [root, path.dirname(root)];
const shown = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

function fromSummary(root: string): Navigation | null {
  const text = readText(path.join(root, 'SUMMARY.md'));
  if (text === null) return null;
  const chapters = readSummary(text);
  return {
    source: 'SUMMARY.md',
    order: chapters.map((c) => c.relPath),
    titles: new Map(chapters.filter((c) => c.title).map((c) => [c.relPath, c.title])),
    notes: [],
  };
}

/** mkdocs.yml `nav` entries: `path.md`, `{Title: path.md}`, `{Section: [...]}`; URLs skipped. */
function mkdocsPaths(nav: unknown, out: string[]): void {
  if (typeof nav === 'string') {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(nav)) out.push(path.posix.normalize(nav));
  } else if (Array.isArray(nav)) for (const entry of nav) mkdocsPaths(entry, out);
  else if (nav && typeof nav === 'object') for (const value of Object.values(nav)) mkdocsPaths(value, out);
}

function fromMkdocs(root: string): Navigation | null {
  for (const dir of siteFolders(root)) {
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
      const file = path.join(dir, name);
      const text = readText(file);
      if (text === null) continue;
      let config: Record<string, unknown>;
      try {
        // MkDocs configs use Python tags (!!python/name:…): read as plain text, never run.
        config = (yaml().parse(text, { logLevel: 'silent', customTags: [] }) ?? {}) as Record<string, unknown>;
      } catch (err) {
        return { source: shown(root, file), order: [], titles: new Map(), notes: [`not read: ${(err as Error).message.split('\n')[0]}`] };
      }
      const docsDir = typeof config.docs_dir === 'string' ? config.docs_dir : 'docs';
      if (path.resolve(dir, docsDir) !== path.resolve(root)) continue;
      const order: string[] = [];
      mkdocsPaths(config.nav, order);
      return { source: shown(root, file), order, titles: new Map(), notes: [] };
    }
  }
  return null;
}

function fromSidebars(root: string, docs: LocalDoc[]): Navigation | null {
  for (const dir of siteFolders(root)) {
    for (const name of ['sidebars.json', 'sidebars.js', 'sidebars.cjs', 'sidebars.mjs']) {
      const file = path.join(dir, name);
      const text = readText(file);
      if (text === null) continue;
      let read: { ids: string[]; skipped: string[] } | { problem: string };
      if (name.endsWith('.json')) {
        try {
          read = idsOfSidebars(JSON.parse(text));
        } catch (err) {
          read = { problem: `not JSON: ${(err as Error).message}` };
        }
      } else read = readSidebarsJs(text);
      if ('problem' in read) return { source: shown(root, file), order: [], titles: new Map(), notes: [read.problem] };
      const byId = new Map(docs.map((d) => [docusaurusId(d.relPath), d.relPath]));
      const order = read.ids.flatMap((id) => byId.get(id) ?? []);
      const missing = read.ids.filter((id) => !byId.has(id)).map((id) => `no page for the doc id "${id}"`);
      return { source: shown(root, file), order, titles: new Map(), notes: [...read.skipped, ...missing] };
    }
  }
  return null;
}

/** The folder's navigation, if its generator keeps one: SUMMARY.md, else mkdocs.yml, else sidebars. */
export function readNavigation(root: string, docs: LocalDoc[]): Navigation | null {
  return fromSummary(root) ?? fromMkdocs(root) ?? fromSidebars(root, docs);
}

/**
 * `docs` in navigation order (pages the navigation does not list keep their place after those it
 * does, in folder order), so the push creates them in the order the site shows them.
 */
export function inNavigationOrder<T extends { relPath: string }>(docs: T[], nav: Navigation): T[] {
  const rank = new Map(nav.order.map((p, i) => [p, i]));
  return docs
    .map((d, i) => ({ d, key: rank.get(d.relPath) ?? nav.order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.d);
}

/** SUMMARY.md's chapter titles, read from its text (a pull reads the server's SUMMARY.md page). */
export function summaryTitles(summaryText: string | undefined): Map<string, string> {
  return summaryText === undefined
    ? new Map()
    : new Map(
        readSummary(summaryText)
          .filter((c) => c.title)
          .map((c) => [c.relPath, c.title]),
      );
}

/** Gives pages SUMMARY.md names the title it shows, unless their front matter sets one (`ownTitle`). */
export function applySummaryTitles(docs: LocalDoc[], nav: Navigation, ownTitle: (doc: LocalDoc) => boolean): void {
  if (!nav.titles.size) return;
  for (const doc of docs) {
    const title = nav.titles.get(doc.relPath);
    if (title && title !== doc.title && !ownTitle(doc)) doc.title = title;
  }
}
