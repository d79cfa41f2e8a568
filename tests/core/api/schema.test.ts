import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyToUndefined, preprocess, zFlag, zId, zIdOrZero } from '../../../core/api/schema.ts';

/**
 * `preprocess`: z.preprocess without zod's classic transform, whose parses do not outlive the young
 * generation (issue #26). Same answers and issues as z.preprocess; what it promotes, measured on
 * real V8 scavenges in a child process.
 */

function both<S extends z.ZodType>(make: (wrap: typeof preprocess) => S): [S, S] {
  return [make(z.preprocess as typeof preprocess), make(preprocess)];
}

describe('preprocess', () => {
  it('answers what z.preprocess answers, issues and defaults included', () => {
    const [viaZod, viaHelper] = both((wrap) =>
      z
        .object({
          id: wrap(emptyToUndefined, z.coerce.number().int('must be a whole number').min(1, 'must be a positive id')),
          parent: wrap(emptyToUndefined, z.coerce.number().int().min(0)).optional(),
          name: wrap((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, 'is required').default('untitled')),
          kind: wrap((v) => (v === '' ? 'all' : v), z.enum(['all', 'unread'])),
        })
        .loose(),
    );
    const inputs: unknown[] = [
      {},
      { id: '' },
      { id: '7', kind: '' },
      { id: 7, parent: '4', name: '  Pets  ', kind: 'unread' },
      { id: '0', parent: 'x', name: '   ', kind: 'read' },
      { id: '5', parent: '' },
      { id: '3.5', name: null, extra: 'kept' },
      'not an object',
    ];
    const answer = (schema: z.ZodType, input: unknown) => {
      const r = schema.safeParse(input);
      return { success: r.success, data: r.data, issues: r.error?.issues };
    };
    for (const input of inputs) expect(answer(viaHelper, input)).toEqual(answer(viaZod, input));
    // The inputs reach both kinds of answer.
    expect(inputs.filter((input) => viaZod.safeParse(input).success)).toHaveLength(2);
  });

  it('keeps the exported helpers as they were: ids, optional ids, flags', () => {
    expect(zId.safeParse('12').data).toBe(12);
    expect(zId.safeParse('').success).toBe(false);
    expect(zIdOrZero.safeParse('').data).toBe(0);
    expect(zFlag.safeParse('on').data).toBe(true);
    expect(z.object({ page_id: zId }).safeParse({}).success).toBe(false);
  });

  it('promotes a fraction of what z.preprocess promotes to the old generation', () => {
    const script = fileURLToPath(new URL('../../helpers/parsePromotion.ts', import.meta.url));
    const promoted = (how: 'helper' | 'zod') => {
      // A 1 MB young generation: scavenges come often, as on a busy server's small one.
      const out = execFileSync(process.execPath, ['--max-semi-space-size=1', '--trace-gc-nvp', script, how], { encoding: 'utf8' });
      expect(out).toContain('parsed 60060000');
      return [...out.matchAll(/\bpromoted=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    const viaZod = promoted('zod');
    const viaHelper = promoted('helper');
    // zod 4.6.7 here: ~21 MB against ~3.3 MB (most of it the start-up's own objects).
    expect(viaZod).toBeGreaterThan(12 * 1024 * 1024);
    expect(viaHelper * 3).toBeLessThan(viaZod);
  });
});
