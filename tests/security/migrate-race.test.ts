import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/knex.ts';
import { PG_ADMIN_URL, pgUrlFor, TEST_ENGINE } from '../helpers/db.ts';

/**
 * Migrations racing across processes and servers that cannot start (issue #13 V5): real `docs`
 * processes, started together on one fresh database. Every one must succeed (they take turns on
 * a lock); a `docs serve` that cannot start must exit non-zero instead of lingering.
 */
const DOCS = path.resolve('bin/docs');
/** A generous ceiling for a loaded machine; a lingering process is killed and fails the test. */
const PROCESS_TIMEOUT_MS = 180_000;
/** Per test: a few process start-ups, each slow on a loaded machine. */
const TEST_TIMEOUT_MS = 400_000;
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-race-'));
  dirs.push(dir);
  return dir;
}

interface Exit {
  code: number | null;
  killed: boolean;
  stderr: string;
}

function docs(args: string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve) => {
    const baseEnv = { ...process.env };
    delete baseEnv.DATABASE_URL;
    const child = spawn(process.execPath, [DOCS, ...args], { env: { ...baseEnv, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', () => undefined);
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, PROCESS_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, killed, stderr });
    });
  });
}

async function appliedMigrations(db: ReturnType<typeof createDb>): Promise<string[]> {
  return (await db('knex_migrations').select('name')).map((r: { name: string }) => r.name);
}

describe('two processes migrating one fresh database at once', () => {
  it(
    'SQLite: both `docs migrate` succeed and each migration is applied once (2 rounds)',
    async () => {
      for (let round = 0; round < 2; round++) {
        const dataDir = tempDir();
        const exits = await Promise.all([docs(['migrate'], { DATA_DIR: dataDir }), docs(['migrate'], { DATA_DIR: dataDir })]);
        for (const e of exits) expect(e.code, `round ${round}: ${e.stderr}`).toBe(0);
        const db = createDb({ engine: 'sqlite', sqliteFile: path.join(dataDir, 'folio.sqlite') });
        try {
          const names = await appliedMigrations(db);
          expect(names.length).toBeGreaterThan(0);
          expect(new Set(names).size).toBe(names.length);
          const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
          expect(pending).toHaveLength(0);
        } finally {
          await db.destroy();
        }
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'SQLite: `docs serve` and `docs migrate` racing on a fresh file both succeed',
    async () => {
      const dataDir = tempDir();
      const serving = spawn(process.execPath, [DOCS, 'serve'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const migrated = docs(['migrate'], { DATA_DIR: dataDir });
        const listening = new Promise<boolean>((resolve) => {
          let out = '';
          serving.stdout.on('data', (d) => {
            out += d;
            if (out.includes('Folio is listening')) resolve(true);
          });
          serving.on('exit', () => resolve(false));
          setTimeout(() => resolve(false), PROCESS_TIMEOUT_MS).unref();
        });
        expect((await migrated).code).toBe(0);
        expect(await listening).toBe(true);
      } finally {
        serving.kill('SIGTERM');
      }
    },
    TEST_TIMEOUT_MS,
  );

  it.runIf(TEST_ENGINE === 'pg')(
    'PostgreSQL: both `docs migrate` succeed on one fresh database',
    async () => {
      const name = `folio_race_${process.pid}_${Date.now()}`;
      const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`CREATE DATABASE ${name}`);
      try {
        const env = { DATABASE_URL: pgUrlFor(name), DATA_DIR: tempDir() };
        const exits = await Promise.all([docs(['migrate'], env), docs(['migrate'], env)]);
        for (const e of exits) expect(e.code, e.stderr).toBe(0);
        const db = createDb({ engine: 'pg', databaseUrl: pgUrlFor(name) });
        try {
          const names = await appliedMigrations(db);
          expect(new Set(names).size).toBe(names.length);
          expect(names.length).toBeGreaterThan(0);
        } finally {
          await db.destroy();
        }
      } finally {
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a server that cannot start exits non-zero', () => {
  async function takenPort(): Promise<{ port: number; close: () => void }> {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    return { port: (blocker.address() as net.AddressInfo).port, close: () => blocker.close() };
  }

  it(
    'when its port is taken (one process, and with WORKERS=2)',
    async () => {
      const blocker = await takenPort();
      try {
        const workers = ['1', '2'];
        const exits = await Promise.all(
          workers.map((w) => docs(['serve'], { DATA_DIR: tempDir(), PORT: String(blocker.port), HOST: '127.0.0.1', WORKERS: w })),
        );
        exits.forEach((e, i) => {
          expect(e.killed, `WORKERS=${workers[i]} lingered`).toBe(false);
          expect(e.code, `WORKERS=${workers[i]}`).not.toBe(0);
          expect(e.stderr).toMatch(/EADDRINUSE|address already in use/i);
        });
      } finally {
        blocker.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'when its database cannot be opened or reached',
    async () => {
      const notADir = path.join(tempDir(), 'file');
      fs.writeFileSync(notADir, 'not a directory');
      const closed = await takenPort();
      closed.close();
      const [sqlite, pg] = await Promise.all([
        docs(['serve'], { DATA_DIR: path.join(notADir, 'data'), PORT: '0', HOST: '127.0.0.1' }),
        docs(['serve'], { DATABASE_URL: `postgres://nobody@127.0.0.1:${closed.port}/none`, DATA_DIR: tempDir(), PORT: '0', HOST: '127.0.0.1' }),
      ]);
      expect(sqlite.killed).toBe(false);
      expect(sqlite.code).not.toBe(0);
      expect(pg.killed).toBe(false);
      expect(pg.code).not.toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'when its configuration is invalid',
    async () => {
      const e = await docs(['serve'], { DATA_DIR: tempDir(), PORT: 'not-a-port' });
      expect(e.code).not.toBe(0);
      expect(e.stderr).toContain('PORT');
    },
    TEST_TIMEOUT_MS,
  );
});
