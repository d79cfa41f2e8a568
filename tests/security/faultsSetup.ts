import { expect } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { createSession } from '../../server/auth/sessions.ts';
import { createUser } from '../../server/commands/users/createUser.ts';
import { createDb, type Db } from '../../server/db/knex.ts';
import { createLogger } from '../../server/logger.ts';
import { PG_ADMIN_URL, pgUrlFor, TEST_ENGINE } from '../helpers/db.ts';

/** Shared by the fault tests: a fresh database per test, users on it, and the API over real HTTP. */
export type Cleanups = (() => Promise<void> | void)[];

export async function withPgAdmin<T>(fn: (admin: Db) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/** Environment for `bin/docs serve` on an empty database of `engine` (TEST_DB by default). */
export async function freshDatabase(cleanups: Cleanups, engine: 'sqlite' | 'pg' = TEST_ENGINE): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-faults-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (engine === 'sqlite') return { DATA_DIR: dataDir };
  const name = `folio_faults_${crypto.randomBytes(4).toString('hex')}`;
  await withPgAdmin((admin) => admin.raw(`CREATE DATABASE ${name}`));
  cleanups.push(() => withPgAdmin((admin) => admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  return { DATA_DIR: dataDir, DATABASE_URL: pgUrlFor(name) };
}

/** A knex handle on the database a spawned server uses (for checks the API cannot make). */
export function openDb(env: Record<string, string>): Db {
  return createDb(
    env.DATABASE_URL
      ? { engine: 'pg', databaseUrl: env.DATABASE_URL, pool: { min: 0, max: 2 } }
      : { engine: 'sqlite', sqliteFile: path.join(env.DATA_DIR!, 'folio.sqlite') },
  );
}

export interface TestUser {
  uid: number;
  username: string;
  password: string;
  token: string;
}

/** A user and a session written straight into the (already migrated) database. */
export async function userOn(env: Record<string, string>): Promise<TestUser> {
  const db = openDb(env);
  try {
    const deps = { db, logger: createLogger('silent', false), now: () => Math.floor(Date.now() / 1000) };
    const username = `writer${crypto.randomBytes(3).toString('hex')}`;
    const password = 'writer password 1';
    const { uid } = await createUser(deps, { username, password });
    return { uid, username, password, token: (await createSession(deps, uid, 1)).token };
  } finally {
    await db.destroy();
  }
}

export interface Answer {
  status: number;
  error_code: number;
  error_message?: string;
  data: any;
}

/** POST /api/<name> as a form; `file` is sent as a multipart upload. */
export async function api(
  url: string,
  name: string,
  params: Record<string, string | number>,
  token: string,
  opts: { file?: { name: string; bytes: Uint8Array<ArrayBuffer> }; timeoutMs?: number } = {},
): Promise<Answer> {
  let body: URLSearchParams | FormData = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (opts.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) form.set(k, String(v));
    form.set('file', new Blob([opts.file.bytes]), opts.file.name);
    body = form;
  }
  const res = await fetch(`${url}/api/${name}`, {
    method: 'POST',
    headers: token ? { 'X-API-Token': token } : {},
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 300_000),
  });
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
}

/** `api` that expects success (error_code 0, the message in the failure) and answers `data`. */
export async function apiOk(url: string, name: string, params: Record<string, string | number>, token: string): Promise<any> {
  const r = await api(url, name, params, token);
  expect(r.error_code, `${name}: ${r.error_message}`).toBe(0);
  return r.data;
}

/** Lines a spawned server writes to stdout, as they come (pino JSON). */
export function logLines(child: { stdout: NodeJS.ReadableStream | null }): { msg?: string; [k: string]: unknown }[] {
  const lines: { msg?: string }[] = [];
  let rest = '';
  child.stdout!.on('data', (c: Buffer) => {
    const parts = (rest + c.toString('utf8')).split('\n');
    rest = parts.pop()!;
    for (const p of parts) {
      try {
        lines.push(JSON.parse(p));
      } catch {
        // not a log line
      }
    }
  });
  return lines;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
