import { CliFailure, ExitCode } from '../errors.ts';
import type { CliIO } from '../io.ts';
import type { SyncClient } from './client.ts';
import { git, gitOrThrow } from './git/run.ts';
import { pull, type PullOutcome, type PulledPage } from './pull.ts';
import { CONFLICT_SUFFIX } from './paths.ts';

export interface CommitPullOptions {
  /** Commit on this branch (created from HEAD when missing) instead of the current one. */
  branch?: string;
}

export interface CommitPullOutcome extends PullOutcome {
  /** The commits made, oldest first: `<sha> <subject>`. */
  commits: string[];
}

/** Paths of the folder git must not see as the pull's work: the sync's own state and conflict copies. */
const NOT_COMMITTED = [':(exclude,glob)**/.docs/**', `:(exclude,glob)**/*${CONFLICT_SUFFIX}`];

/**
 * `docs pull --commit` (issue #21, part 2): web edits flow back into git. Each page the pull
 * brings in becomes its own commit — author the Folio user who saved the revision (as
 * `username <username@users.noreply.<server host>>`: the sync API does not give e-mail addresses
 * to an api key), author date the revision's time, message the page title and revision — then
 * what is left of the pull (files of pages deleted on the server, catalog order files) one last
 * commit. It refuses, before writing anything, when the folder has uncommitted changes: it never
 * commits work that is not the server's.
 */
export async function pullAndCommit(root: string, io: CliIO, client: SyncClient, opts: CommitPullOptions): Promise<CommitPullOutcome> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  if (!top.ok) throw new CliFailure(`--commit: ${root} is not in a git work tree (git: ${top.stderr.trim()})`, ExitCode.ERROR);
  const dirty = await dirtyPaths(root);
  if (dirty.length) {
    throw new CliFailure(
      `--commit: the folder has uncommitted changes; commit or stash them first (the pull commits only the server's work). Nothing was pulled:\n${dirty.map((p) => `  ${p}`).join('\n')}`,
      ExitCode.ERROR,
    );
  }
  if (opts.branch) await switchTo(root, opts.branch, io);
  const outcome = await pull(root, io, client);
  const host = new URL(client.settings.server).hostname;
  const committer = await committerEnv(root);
  const commits: string[] = [];
  const committed = new Set<string>();
  for (const page of [...outcome.pages].sort((a, b) => a.addtime - b.addtime || a.page_id - b.page_id)) {
    const files = page.files.filter((f) => !committed.has(f) && !outcome.conflictFiles.includes(f));
    if (!files.length) continue;
    files.forEach((f) => committed.add(f));
    const made = await commit(root, files, messageOf(page), { ...committer, ...authorOf(page, host) });
    if (made) commits.push(made);
  }
  // The rest of the pull: files of pages deleted on the server, catalog orders, web files.
  const rest = await commit(
    root,
    ['.', ...NOT_COMMITTED],
    `docs pull: the rest of ${client.settings.server}\n\nFiles of pages deleted or moved on the server and catalog order files.`,
    committer,
  );
  if (rest) commits.push(rest);
  return { ...outcome, commits };
}

/** The author of a page's commit: the Folio user who saved the revision, at its time. */
export function authorOf(page: Pick<PulledPage, 'author_username' | 'addtime'>, host: string): NodeJS.ProcessEnv {
  const name = page.author_username || 'folio';
  return {
    GIT_AUTHOR_NAME: name,
    // Letters of any script stay (git and RFC 6531 take them); what an address cannot hold becomes '-'.
    GIT_AUTHOR_EMAIL: `${name.replace(/[\s<>@"(),;:\\[\]]/g, '-')}@users.noreply.${host}`,
    ...(page.addtime ? { GIT_AUTHOR_DATE: `@${page.addtime} +0000` } : {}),
  };
}

function messageOf(page: PulledPage): string {
  return `${page.title} (revision ${page.revision})\n\nFolio page ${page.page_id}, revision ${page.revision}, saved by ${page.author_username || 'an unknown user'}; written by docs pull --commit.`;
}

/** Tracked changes and untracked files in the folder (the sync's own state and conflict copies aside). */
async function dirtyPaths(root: string): Promise<string[]> {
  const out = await gitOrThrow(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.', ...NOT_COMMITTED]);
  return out
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
}

/** Switches to `branch`, creating it from HEAD when it does not exist yet. */
async function switchTo(root: string, branch: string, io: CliIO): Promise<void> {
  const valid = await git(root, ['check-ref-format', '--branch', branch]);
  if (!valid.ok) throw new CliFailure(`--branch: "${branch}" is not a valid branch name`, ExitCode.ERROR);
  const exists = (await git(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).ok;
  const r = await git(root, exists ? ['checkout', '-q', branch] : ['checkout', '-q', '-b', branch]);
  if (!r.ok) throw new CliFailure(`--branch: git checkout ${branch}: ${r.stderr.trim()}`, ExitCode.ERROR);
  io.stderr(`${exists ? 'on' : 'created'} branch ${branch}\n`);
}

/** CI checkouts often have no user.name/user.email: commits are then committed as `docs pull`. */
async function committerEnv(root: string): Promise<NodeJS.ProcessEnv> {
  if ((await git(root, ['var', 'GIT_COMMITTER_IDENT'])).ok) return {};
  return { GIT_COMMITTER_NAME: 'docs pull', GIT_COMMITTER_EMAIL: 'docs-pull@users.noreply.localhost' };
}

/** Stages `paths` (additions and deletions) and commits exactly them; answers `<sha> <subject>`, or null when nothing changed. */
async function commit(root: string, paths: string[], message: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  await gitOrThrow(root, ['add', '-A', '--', ...paths]);
  const staged = await git(root, ['diff', '--cached', '--quiet', '--', ...paths]);
  if (staged.ok) return null;
  await gitOrThrow(root, ['commit', '-q', '--no-verify', '-m', message, '--', ...paths], { env });
  return (await gitOrThrow(root, ['log', '-1', '--format=%h %s'])).trim();
}
