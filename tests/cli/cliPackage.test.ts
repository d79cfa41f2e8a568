import { describe, expect, it } from 'vitest';
import { bundleCli, cliPackageProblems } from '../../scripts/build-cli.ts';

// cli/package.json (@folio/docs-cli) is kept by hand: every npm package its
// bundle imports must be declared there, at the root package.json's version, and nothing else.
describe('cli/package.json declares exactly what the CLI bundle imports', () => {
  it('matches the real bundle of cli/standalone.ts and cli/jobWorker.ts', async () => {
    const { used } = await bundleCli({ write: false });
    expect(used).toContain('commander');
    expect(used).toContain('markdown-it');
    expect(cliPackageProblems(used)).toEqual([]);
  }, 120_000);

  it('names an import that is not declared and a declaration never imported (dependency or optional peer)', async () => {
    const { used } = await bundleCli({ write: false });
    expect(cliPackageProblems([...used, 'left-pad'])).toEqual(['the CLI bundle imports left-pad, which cli/package.json does not declare in dependencies']);
    expect(cliPackageProblems(used.filter((name) => name !== 'yauzl'))).toEqual(['cli/package.json declares yauzl, which the CLI bundle never imports']);
    expect(cliPackageProblems(used.filter((name) => name !== 'docx'))).toEqual(['cli/package.json declares docx, which the CLI bundle never imports']);
  }, 120_000);
});
