import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allActions } from '../../server/routes/index.ts';

/**
 * docs/actions.md is generated from the route table (scripts/gen-actions.ts): the generator runs
 * as its own Node process, as `npm run docs:actions` does, and compares.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DOC = path.join(root, 'docs/actions.md');

function check(file: string) {
  return spawnSync(process.execPath, [path.join(root, 'scripts/gen-actions.ts'), '--check', file], { cwd: root, encoding: 'utf8' });
}

describe('docs/actions.md', () => {
  it('is current with the route table', () => {
    const r = check(DOC);
    expect(r.status, r.stderr).toBe(0);
  });

  it('lists every registered action once', () => {
    const names = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split('`')[1]);
    expect(names).toEqual(allActions.map((a) => a.name));
  });

  it('fails, naming the command to run, when the file falls behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-actions-doc-'));
    try {
      const stale = path.join(dir, 'actions.md');
      // An action added to the table without regenerating: its row is missing.
      fs.writeFileSync(stale, fs.readFileSync(DOC, 'utf8').replace(/^\| `page\/save` .*\n/m, ''));
      const r = check(stale);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('run `npm run docs:actions`');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
