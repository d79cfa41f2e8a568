import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { testJobEnv } from '../helpers/jobEnv.ts';
import { testPasswordCostEnv } from '../helpers/passwordCost.ts';

/** `bin/docs` as real processes, for the upgrade and fault tests. */
const DOCS = fileURLToPath(new URL('../../bin/docs', import.meta.url));

export function docs(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [DOCS, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TIMEZONE: 'UTC',
      ...testJobEnv,
      ...testPasswordCostEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function runToEnd(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = docs(args, env);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, out };
}

export interface Served {
  url: string;
  child: ChildProcess;
  /** SIGKILL (kill -9): no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
}

/** `bin/docs serve` until it logs its URL. */
export async function serve(env: Record<string, string>): Promise<Served> {
  const child = docs(['serve'], env);
  const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as { url?: string };
        if (line.url) resolve(line.url);
      } catch {
        // not a log line
      }
    });
    child.once('close', (code) => reject(new Error(`docs serve exited with ${code}: ${err}`)));
  });
  return {
    url,
    child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
  };
}
