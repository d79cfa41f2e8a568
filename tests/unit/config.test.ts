import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('defaults to SQLite under ./data on port 4000 with one worker', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(4000);
    expect(c.engine).toBe('sqlite');
    expect(c.sqliteFile).toBe(path.resolve('data', 'folio.sqlite'));
    expect(c.WORKERS).toBe(1);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).engine).toBe('pg');
  });

  it('reads WORKERS as a count, or one per core with auto', () => {
    expect(loadConfig({ WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).WORKERS).toBe(os.availableParallelism());
    expect(loadConfig({ WORKERS: '' }).WORKERS).toBe(1);
    for (const bad of ['0', '65', '1.5', 'many']) expect(problemsOf({ WORKERS: bad })).toEqual(['WORKERS: must be a whole number from 1 to 64, or auto']);
  });

  it('reports every problem at once, each naming its variable', () => {
    const problems = problemsOf({ PORT: '70000', LOG_LEVEL: 'loud', SITE_URL: 'docs.example.com', SECRET_KEY: 'short' });
    expect(problems).toHaveLength(4);
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'SECRET_KEY', 'SITE_URL']);
  });

  it('needs SMTP_HOST when SMTP credentials are given', () => {
    expect(problemsOf({ SMTP_USER: 'mailer' })).toEqual(['SMTP_HOST: required when SMTP_USER or SMTP_PASSWORD is set']);
  });

  it('reads <NAME>_FILE for secrets, and names the file it cannot read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-config-'));
    fs.writeFileSync(path.join(dir, 'secret'), `${'k'.repeat(40)}\n`);
    expect(loadConfig({ SECRET_KEY_FILE: path.join(dir, 'secret') }).SECRET_KEY).toBe('k'.repeat(40));
    expect(problemsOf({ SECRET_KEY_FILE: path.join(dir, 'missing') })).toEqual([`SECRET_KEY_FILE: cannot read ${path.join(dir, 'missing')}`]);
  });
});
