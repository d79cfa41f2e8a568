import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leanServerFlags } from '../../bin/leanServer.mjs';
import { fillStrippedCache } from '../../bin/strippedCache.mjs';
import { foldCase, needsUnicodeFold } from '../../server/search/fold.ts';

describe('leanServerFlags', () => {
  it('adds the semi-space cap, the old generation floor, --expose-gc, the malloc arena limit and the fixed mmap threshold when the caller gave none', () => {
    const r = leanServerFlags(['--enable-source-maps'], { PATH: '/bin' });
    expect(r).toEqual({
      execArgv: ['--max-semi-space-size=4', '--initial-old-space-size=96', '--expose-gc', '--enable-source-maps'],
      env: { PATH: '/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' },
      changed: true,
    });
  });

  it('keeps the caller’s own settings, on the command line or in NODE_OPTIONS', () => {
    expect(
      leanServerFlags(['--max-semi-space-size=32', '--initial-old-space-size=0', '--expose-gc'], { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '65536' }),
    ).toMatchObject({
      execArgv: ['--max-semi-space-size=32', '--initial-old-space-size=0', '--expose-gc'],
      changed: false,
    });
    expect(
      leanServerFlags(['--initial-old-space-size=64'], {
        NODE_OPTIONS: '--max-semi-space-size=16 --expose-gc',
        MALLOC_ARENA_MAX: '4',
        MALLOC_MMAP_THRESHOLD_: '0',
      }),
    ).toMatchObject({
      execArgv: ['--initial-old-space-size=64'],
      env: { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '0' },
      changed: false,
    });
    expect(leanServerFlags(['--max-semi-space-size=32'], { MALLOC_ARENA_MAX: '8' })).toMatchObject({
      execArgv: ['--initial-old-space-size=96', '--expose-gc', '--max-semi-space-size=32'],
      env: { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '32768' },
      changed: true,
    });
  });
});

describe('fillStrippedCache', () => {
  it('visits every server and CLI source (what `docs serve` strips before its lean restart)', () => {
    const sources = ['server', 'core', 'cli', 'importers', 'exporters', 'workers'].flatMap((dir) =>
      (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    );
    expect(fillStrippedCache()).toBe(sources.length);
  });
});

describe('search case folding', () => {
  it('asks for Unicode folding only for cased letters outside ASCII', () => {
    expect(['Éc', 'ЯНВАРЯ', 'Σύνοψη', 'mä'].map(needsUnicodeFold)).toEqual([true, true, true, true]);
    expect(['Guide', '灰度发布', 'webhook签名', '🚀 ok', '50%_'].map(needsUnicodeFold)).toEqual([false, false, false, false, false]);
    expect(foldCase('ΟΔΟΣ Σύνοψη')).toBe('οδοσ σύνοψη');
  });
});
