import { execFile } from 'node:child_process';

/** The git CLI's answer; a large buffer, as `git log --raw` over a big folder runs to megabytes. */
export interface GitAnswer {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `git <args>` in `cwd` (never through a shell), with `input` on stdin. A missing git answers ok: false. */
export function git(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<GitAnswer> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      args,
      { cwd, maxBuffer: 512 * 1024 * 1024, env: { ...process.env, ...opts.env, GIT_TERMINAL_PROMPT: '0' } },
      (err, stdout, stderr) => {
        resolve({ ok: !err, stdout: String(stdout), stderr: String(stderr || (err as Error | null)?.message || '') });
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

/** Runs git and fails with its own message when it refuses. */
export async function gitOrThrow(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const r = await git(cwd, args, opts);
  if (!r.ok) throw new Error(`git ${args[0]}: ${r.stderr.trim()}`);
  return r.stdout;
}
