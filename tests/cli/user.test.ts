import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/main.ts';
import type { CliIO } from '../../cli/io.ts';
import { ensureInitialAdmin } from '../../server/commands/users/initialAdmin.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The environment that points the CLI at the test server's database. */
function dbEnv(): NodeJS.ProcessEnv {
  const c = t.services.config;
  return c.DATABASE_URL ? { DATABASE_URL: c.DATABASE_URL, LOG_LEVEL: 'silent' } : { DATA_DIR: c.dataDir, LOG_LEVEL: 'silent' };
}

/** A stand-in terminal: stdin that says it is a TTY, holding what the user types. */
function fakeTerminal(typed: string): NodeJS.ReadableStream {
  const input = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (on: boolean) => void };
  input.isTTY = true;
  input.setRawMode = () => undefined;
  input.end(typed);
  return input;
}

async function docs(args: string[], stdinText: string | NodeJS.ReadableStream = '') {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    stdin: typeof stdinText === 'string' ? Readable.from([stdinText]) : stdinText,
    env: dbEnv(),
    cwd: process.cwd(),
    isTTY: false,
    verbose: false,
    exitCode: undefined,
  };
  const code = await run(['node', 'docs', ...args], io);
  return { code, stdout, stderr };
}

const login = (username: string, password: string) => t.call('user/login', { username, password });

describe('docs user add', () => {
  it('creates an administrator from a password on stdin, who can log in', async () => {
    const r = await docs(['user', 'add', 'cli_admin', '--admin', '--password-stdin', '--email', 'Root@Example.com', '--name', 'Root'], 'first-admin-pw\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created administrator cli_admin \(uid \d+\)\n$/);
    const answer = await login('cli_admin', 'first-admin-pw');
    expect(answer.error_code).toBe(0);
    expect(answer.data).toMatchObject({ groupid: 1, name: 'Root', email: 'root@example.com' });
  });

  it('creates an ordinary user without --admin', async () => {
    const r = await docs(['user', 'add', 'cli_plain', '--password-stdin'], 'plain-user-pw\n');
    expect(r.code).toBe(0);
    expect((await login('cli_plain', 'plain-user-pw')).data.groupid).toBe(2);
  });

  it('fails with exit code 1 and one line when the username is taken', async () => {
    await docs(['user', 'add', 'cli_twice', '--password-stdin'], 'twice-pw-1\n');
    const r = await docs(['user', 'add', 'cli_twice', '--password-stdin'], 'twice-pw-2\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: That username already exists\n');
  });

  it('prompts twice in a terminal without echoing the password', async () => {
    const r = await docs(['user', 'add', 'cli_tty'], fakeTerminal('typed-secret\ntyped-secret\n'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Password: \nPassword again: \n');
    expect(r.stdout + r.stderr).not.toContain('typed-secret');
    expect((await login('cli_tty', 'typed-secret')).error_code).toBe(0);
  });

  it('creates nothing when the two typed passwords differ', async () => {
    const r = await docs(['user', 'add', 'cli_typo'], fakeTerminal('typed-secret\ntyped-secreT\n'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the two passwords differ/);
    expect(await t.services.db('users').where({ username: 'cli_typo' }).first()).toBeUndefined();
  });

  it('fails without a password when stdin is not a terminal', async () => {
    const r = await docs(['user', 'add', 'cli_nopw']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--password-stdin/);
  });

  it('refuses a short password, a bad username and a bad e-mail', async () => {
    expect((await docs(['user', 'add', 'cli_short', '--password-stdin'], '123\n')).stderr).toMatch(/password must be at least 6/);
    expect((await docs(['user', 'add', 'bad name', '--password-stdin'], 'long-enough\n')).stderr).toMatch(/username must be/);
    expect((await docs(['user', 'add', 'cli_mail', '--password-stdin', '--email', 'nope'], 'long-enough\n')).stderr).toMatch(/--email must be an e-mail/);
    expect(await t.services.db('users').whereIn('username', ['cli_short', 'cli_mail']).first()).toBeUndefined();
  });
});

describe('docs user passwd', () => {
  it("sets the password and ends the user's sessions", async () => {
    const u = await buildUser(t);
    const r = await docs(['user', 'passwd', u.username, '--password-stdin'], 'changed-by-cli\n');
    expect(r.code, r.stderr).toBe(0);
    expect((await t.call('user/info', {}, { token: u.token })).error_code).toBe(10102);
    expect((await login(u.username, 'changed-by-cli')).error_code).toBe(0);
  });

  it('fails for an unknown user', async () => {
    const r = await docs(['user', 'passwd', 'nobody_here', '--password-stdin'], 'whatever-pw\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: no user named nobody_here\n');
  });
});

describe('docs user list', () => {
  it('lists accounts, as JSON with --json, never with hashes', async () => {
    await buildUser(t, { username: 'listed_user', email: 'listed@example.com' });
    const r = await docs(['user', 'list', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows.find((x: { username: string }) => x.username === 'listed_user')).toMatchObject({ role: 'user', email: 'listed@example.com' });
    expect(r.stdout).not.toMatch(/scrypt/);
    const text = await docs(['user', 'list']);
    expect(text.stdout).toMatch(/^uid\tusername\trole/);
  });
});

describe('bin/docs', () => {
  it('creates a user when spawned as a real process', async () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/docs');
    const child = spawn(process.execPath, [bin, 'user', 'add', 'spawned_user', '--password-stdin'], {
      env: { ...process.env, ...dbEnv() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.stdin.end('spawned-pw-1\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, err).toBe(0);
    expect(out).toMatch(/created user spawned_user/);
    expect((await login('spawned_user', 'spawned-pw-1')).error_code).toBe(0);
  }, 90_000); // a cold tsx start takes seconds, far more on a busy CI machine
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD on first start', () => {
  it('creates the first administrator when the site has none, then never again', async () => {
    const fresh = await startTestServer({ env: { ADMIN_USERNAME: 'boot_admin', ADMIN_PASSWORD: 'boot-admin-pw' } });
    try {
      expect(await ensureInitialAdmin(fresh.services)).toBe('created');
      const r = await fresh.call('user/login', { username: 'boot_admin', password: 'boot-admin-pw' });
      expect(r.data.groupid).toBe(1);
      expect(await ensureInitialAdmin(fresh.services)).toBe('skipped');
    } finally {
      await fresh.close();
    }
  });

  it('promotes an existing account of that name and replaces its password', async () => {
    const fresh = await startTestServer({ env: { ADMIN_USERNAME: 'squatter', ADMIN_PASSWORD: 'operator-pw' } });
    try {
      const squatter = await buildUser(fresh, { username: 'squatter', password: 'squatter-pw' });
      expect(await ensureInitialAdmin(fresh.services)).toBe('promoted');
      expect((await fresh.call('user/info', {}, { token: squatter.token })).error_code).toBe(10102);
      expect((await fresh.call('user/login', { username: 'squatter', password: 'squatter-pw' })).error_code).toBe(10210);
      expect((await fresh.call('user/login', { username: 'squatter', password: 'operator-pw' })).data.groupid).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('does nothing without both variables, and there is no default password', async () => {
    const fresh = await startTestServer({ env: { ADMIN_USERNAME: 'only_name' } });
    try {
      // 'no-users': nothing was created, and the caller (docs serve) prints the first-administrator hint.
      expect(await ensureInitialAdmin(fresh.services)).toBe('no-users');
      expect(await fresh.services.db('users').first()).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it('refuses a too-short ADMIN_PASSWORD, naming the variable', async () => {
    const fresh = await startTestServer({ env: { ADMIN_USERNAME: 'weak_admin', ADMIN_PASSWORD: '123' } });
    try {
      await expect(ensureInitialAdmin(fresh.services)).rejects.toThrow(/^ADMIN_PASSWORD: must be at least 6/);
    } finally {
      await fresh.close();
    }
  });
});
