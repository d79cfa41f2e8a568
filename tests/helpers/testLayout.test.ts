import { describe, expect, it } from 'vitest';
import { existsInRepo, followsLayout, listTestFiles, mirroredSources } from './testLayout.ts';
import { LEGACY_TEST_FILES } from './testLayoutLegacy.ts';

describe('the test layout rule', () => {
  it('maps a test file to the source path it mirrors', () => {
    expect(mirroredSources('tests/cli/sync/push.test.ts')).toContain('cli/sync/push.ts');
    expect(mirroredSources('tests/server/routes/api/page.test.ts')).toContain('server/routes/api/page.ts');
    expect(mirroredSources('tests/web/src/pages/Login.test.ts')).toContain('web/src/pages/Login.tsx');
    expect(mirroredSources('tests/helpers/testLayout.test.ts')).toContain('tests/helpers/testLayout.ts');
    expect(mirroredSources('tests/e2e/walkthrough.test.ts')).toBeNull();
    expect(mirroredSources('tests/security/csrf.test.ts')).toBeNull();
  });

  it('refuses a test whose source does not exist', () => {
    const repo = new Set(['cli/sync/push.ts']);
    expect(followsLayout('tests/cli/sync/push.test.ts', (p) => repo.has(p))).toBe(true);
    expect(followsLayout('tests/cli/push.test.ts', (p) => repo.has(p))).toBe(false);
    expect(followsLayout('tests/api/push.test.ts', (p) => repo.has(p))).toBe(false);
  });

  it('holds for every test file not in the legacy list', () => {
    const legacy = new Set(LEGACY_TEST_FILES);
    const offenders = listTestFiles().filter((f) => !legacy.has(f) && !followsLayout(f, existsInRepo));
    expect(
      offenders,
      `mirror the source path (docs/DEVELOPING.md, "Where a test goes"): ${offenders.map((f) => `${f} → ${mirroredSources(f)![0]}`).join(', ')}`,
    ).toEqual([]);
  });

  it('keeps the legacy list to files that exist and still break the rule (it only shrinks)', () => {
    const present = new Set(listTestFiles());
    const stale = LEGACY_TEST_FILES.filter((f) => !present.has(f) || followsLayout(f, existsInRepo));
    expect(stale, 'remove these from tests/helpers/testLayoutLegacy.ts').toEqual([]);
  });
});
