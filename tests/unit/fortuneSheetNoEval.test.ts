import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_REWRITES, fortuneSheetNoEval, rewriteFortuneSheetEval } from '../../web/build/fortuneSheetNoEval.ts';

/**
 * The build-time rewrite of FortuneSheet's eval'd row inserts (web/build/fortuneSheetNoEval.ts),
 * on the real dist files of the installed @fortune-sheet/core: every call is found, the result
 * parses, and each rewritten statement does to a small sheet what the original did.
 */
const DIST = path.resolve('node_modules/@fortune-sheet/core/dist');
const FILES = ['index.esm.js', 'index.js'];

/** The lines holding `new Function` in the original, with the same lines after the rewrite. */
function pairs(original: string, rewritten: string): [string, string][] {
  const a = original.split('\n');
  const b = rewritten.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line.includes('new Function') ? [[line.trim(), b[i]!.trim()] as [string, string]] : []));
}

/** Runs one statement of FortuneSheet's insert with its variables (Node has no CSP). */
function run(statement: string, index: number): unknown[] {
  const d: unknown[] = [
    [{ v: 'a1' }, null],
    [null, { v: 'b2' }],
    [{ v: 'c1', ct: { t: 'n' } }, null],
  ];
  const row = [{ v: 'new', m: 'new "quoted" \u2028' }, null];
  const arr = [JSON.stringify(row), JSON.stringify(row)];
  // oxlint-disable-next-line typescript/no-implied-eval -- runs the statement the plugin emits, as fortune-sheet does
  new Function('d', 'arr', 'index', statement)(d, arr, index);
  // Inserted rows must be separate objects, as the original's literals were.
  expect(d.filter((r) => (r as { v?: string }[])[0]?.v === 'new')).toHaveLength(2);
  const inserted = d.filter((r) => (r as { v?: string }[])[0]?.v === 'new');
  expect(inserted[0]).not.toBe(inserted[1]);
  return d;
}

describe('fortuneSheetNoEval', () => {
  let total = 0;
  for (const name of FILES) {
    it(`rewrites every eval'd row insert in ${name}; the result parses and behaves like the original`, () => {
      const original = fs.readFileSync(path.join(DIST, name), 'utf8');
      const rewritten = rewriteFortuneSheetEval(original, name);
      expect(rewritten).not.toMatch(/new Function/);
      const found = pairs(original, rewritten);
      expect(found).toHaveLength(EXPECTED_REWRITES);
      total += found.length;
      expect(found.map(([o]) => o.match(/d\.(unshift|splice)/)![1])).toEqual(['unshift', 'splice', 'splice']);
      for (const [before, after] of found) {
        for (const index of [0, 1, 2]) expect(run(after, index)).toEqual(run(before, index));
      }
      // The whole rewritten file still parses (node --check on a copy with the right module type).
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fsne-'));
      const copy = path.join(dir, name.endsWith('.esm.js') ? 'index.mjs' : 'index.cjs');
      fs.writeFileSync(copy, rewritten);
      const check = spawnSync(process.execPath, ['--check', copy], { encoding: 'utf8' });
      fs.rmSync(dir, { recursive: true, force: true });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    });
  }

  it('found all six calls across the two dist files', () => {
    expect(total).toBe(2 * EXPECTED_REWRITES);
  });

  it('fails with a clear message when FortuneSheet changes the code', () => {
    const original = fs.readFileSync(path.join(DIST, 'index.esm.js'), 'utf8');
    const missing = original.replace('return d.unshift(', 'return d.push(');
    expect(() => rewriteFortuneSheetEval(missing, 'x.js')).toThrow(/expected 3 eval'd row inserts in x\.js, found 2/);
    const extra = `${original}\nnew Function("d", "return d.reverse()")(d);`;
    expect(() => rewriteFortuneSheetEval(extra, 'x.js')).toThrow(/x\.js still calls new Function/);
  });

  it('as a Vite plugin: rewrites only that package, fails the build on changed code or when the package never came through', () => {
    const ctx = {
      error: (msg: string) => {
        throw new Error(msg);
      },
    };
    const plugin = fortuneSheetNoEval();
    const hooks = plugin as unknown as {
      configResolved(c: { command: string }): void;
      transform(this: typeof ctx, code: string, id: string): { code: string } | null;
      buildEnd(this: typeof ctx, err?: Error): void;
    };
    hooks.configResolved({ command: 'build' });
    const original = fs.readFileSync(path.join(DIST, 'index.esm.js'), 'utf8');
    expect(hooks.transform.call(ctx, 'new Function("x")', '/app/node_modules/other/index.js')).toBeNull();
    expect(() => hooks.buildEnd.call(ctx)).toThrow(/was not in the build/);
    const id = `${path.join(DIST, 'index.esm.js')}?v=1`;
    expect(hooks.transform.call(ctx, original, id)!.code).not.toMatch(/new Function/);
    expect(() => hooks.buildEnd.call(ctx)).not.toThrow();
    expect(() => hooks.transform.call(ctx, original.replace('return d.unshift(', 'return d.push('), id)).toThrow(/found 2/);
    // The dev server's pre-bundling copy does not require the package to come through.
    const prebundle = fortuneSheetNoEval({ requireSeen: false }) as unknown as typeof hooks;
    expect(() => prebundle.buildEnd.call(ctx)).not.toThrow();
  });
});
