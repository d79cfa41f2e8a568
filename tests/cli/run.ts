import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../cli/main.ts';
import type { CliIO } from '../../cli/io.ts';
import type { TestServer } from '../helpers/server.ts';
import type { KeyedItem } from '../helpers/factories.ts';

export interface CliRun {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** Runs the `docs` program in-process with captured streams (no TTY, CI unset). */
export async function runDocs(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean }): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    stdin: process.stdin,
    env: { ...opts.env },
    cwd: opts.cwd,
    isTTY: !!opts.tty,
    verbose: args.includes('--verbose'),
    exitCode: undefined,
  };
  const code = await run(['node', 'docs', ...args], io);
  return { code, stdout, stderr };
}

export function envFor(t: TestServer, k: KeyedItem): NodeJS.ProcessEnv {
  return { DOCS_SERVER: t.url, DOCS_API_KEY: k.api_key, DOCS_API_TOKEN: k.api_token };
}

/** A temporary copy of a folder (or an empty one). */
export function tempFolder(copyFrom?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-cli-'));
  if (copyFrom) fs.cpSync(copyFrom, dir, { recursive: true });
  return dir;
}

export function write(root: string, rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export function read(root: string, rel: string): string {
  return fs.readFileSync(path.join(root, rel), 'utf8');
}

const GIT_AUTHOR = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };

/** Runs the real git in `cwd` as a fixed author (Dev <dev@example.com>); answers its stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_AUTHOR }, encoding: 'utf8' });
}
