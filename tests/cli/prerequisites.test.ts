import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ONE_LINE =
  /^docs needs Node\.js 24 or newer, and this is Node v\d+\.\d+\.\d+: install Node 24 LTS, or run `\. scripts\/ensure-node24\.sh` to put it first on PATH\.\n$/;

describe('bin/docs on a Node older than 24', () => {
  it('says in one line what to do instead of failing with a SyntaxError', () => {
    // This Node passes for Node 20 before bin/docs runs: the check reads process.versions as an old Node's would.
    const pretend =
      "Object.defineProperty(process, 'version', { value: 'v20.19.0' }); Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.19.0' } }); process.argv = [process.argv[0], 'bin/docs', '--version']; await import('./bin/docs');";
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', pretend], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(ONE_LINE);
    expect(r.stderr).toContain('v20.19.0');
    expect(r.stdout).toBe('');
  });

  it('starts normally on this Node', () => {
    const r = spawnSync(process.execPath, ['bin/docs', '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
