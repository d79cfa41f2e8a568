import fs from 'node:fs';
import path from 'node:path';
import type { RefPairs } from '../../../importers/markdownFolder/references.ts';
import { confinedPath, PathRefused } from '../confine.ts';
import { findIncludes, selectLines, servedText, type IncludeDirective } from './directives.ts';

/**
 * Code includes resolved at push (issue #21 part 6): the server shows the included code, and the
 * directive travels in the page's reference pairs (`[served, original]`, like rewritten links), so
 * a pull writes the directive line back unchanged. Files are read from the repository only, with
 * the sync's confinement (cli/sync/confine.ts: no symbolic link, no hidden segment, nothing above
 * the repository); a directive that cannot be resolved stays as written and is reported.
 */
export interface IncludeContext {
  /** The pushed folder (absolute). */
  folder: string;
  /** What includes may read: the git work tree, else the generator's project folder, else the pushed folder. */
  repository: string;
  /** Where `--8<--` paths start: the folder of `mkdocs.yml`, else the repository. */
  snippetBase: string;
}

const has = (dir: string, name: string) => fs.existsSync(path.join(dir, name));
const PROJECT_FILES = ['mkdocs.yml', 'mkdocs.yaml', 'book.toml', 'docusaurus.config.js', 'docusaurus.config.ts'];

/** The folders an include may read from, found by walking up from the pushed folder. */
export function includeContextOf(folder: string): IncludeContext {
  const up: string[] = [];
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    up.push(dir);
    if (dir === path.dirname(dir)) break;
  }
  const git = up.find((d) => has(d, '.git'));
  const project = up.slice(0, git ? up.indexOf(git) + 1 : 3).find((d) => PROJECT_FILES.some((f) => has(d, f)));
  const repository = git ?? project ?? path.resolve(folder);
  const within = up.slice(0, up.indexOf(repository) + 1);
  const snippetBase = within.find((d) => has(d, 'mkdocs.yml') || has(d, 'mkdocs.yaml')) ?? repository;
  return { folder: path.resolve(folder), repository, snippetBase };
}

export interface IncludeProblem {
  /** Offset of the directive in the body. */
  offset: number;
  message: string;
}

/** The text a directive stands for, or why it cannot be included. */
export async function includedText(relPath: string, d: IncludeDirective, ctx: IncludeContext): Promise<string | { problem: string }> {
  const base = d.kind === 'snippet' ? ctx.snippetBase : path.dirname(path.join(ctx.folder, relPath));
  const abs = path.resolve(base, d.file);
  const inRepo = path.relative(ctx.repository, abs);
  if (!inRepo || inRepo.startsWith('..') || path.isAbsolute(inRepo))
    return { problem: `include "${d.file}" leaves the repository (${ctx.repository}): not included` };
  let file: string;
  try {
    file = await confinedPath(ctx.repository, inRepo.split(path.sep).join('/'));
  } catch (err) {
    if (err instanceof PathRefused) return { problem: `include "${d.file}" refused: it ${err.reason}` };
    throw err;
  }
  const text = await fs.promises.readFile(file, 'utf8').catch(() => null);
  if (text === null) return { problem: `include "${d.file}": no such file` };
  const selected = selectLines(text, d);
  if (selected === null) return { problem: `include "${d.file}": no ANCHOR: ${d.anchor} in it` };
  if (!selected) return { problem: `include "${d.file}" selects no lines` };
  return servedText(d, selected);
}

/**
 * `body` with every include directive replaced by what it includes, the `[included, directive]`
 * pairs in order with their offsets in `body`, and the directives left as written (and why).
 */
export async function expandIncludes(
  relPath: string,
  body: string,
  ctx: IncludeContext,
): Promise<{ content: string; pairs: { at: number; pair: [string, string] }[]; problems: IncludeProblem[] }> {
  const pairs: { at: number; pair: [string, string] }[] = [];
  const problems: IncludeProblem[] = [];
  let content = '';
  let at = 0;
  for (const d of findIncludes(body)) {
    const text = await includedText(relPath, d, ctx);
    if (typeof text !== 'string') {
      problems.push({ offset: d.start, message: text.problem });
      continue;
    }
    content += body.slice(at, d.start) + text;
    at = d.end;
    pairs.push({ at: d.start, pair: [text, body.slice(d.start, d.end)] });
  }
  return { content: content + body.slice(at), pairs, problems };
}

/**
 * A page as the server keeps it (links rewritten: `content`, `refs`) with its includes expanded too:
 * the pairs of both kinds merged in the order they occur, as `restoreReferences` walks them.
 */
export async function withIncludes(
  relPath: string,
  rewritten: { content: string; refs: RefPairs },
  ctx: IncludeContext,
): Promise<{ content: string; refs: RefPairs }> {
  const expanded = await expandIncludes(relPath, rewritten.content, ctx);
  if (!expanded.pairs.length) return rewritten;
  // Where each rewritten reference lies in the content, found the way a pull finds it.
  const placed: { at: number; pair: RefPairs[number] }[] = [];
  let from = 0;
  for (const pair of rewritten.refs) {
    const i = rewritten.content.indexOf(pair[0], from);
    if (i < 0) continue;
    placed.push({ at: i, pair });
    from = i + pair[0].length;
  }
  const refs = [...placed, ...expanded.pairs].sort((a, b) => a.at - b.at).map((p) => p.pair);
  return { content: expanded.content, refs };
}
