import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of DEVELOPING.md, checked on the real sources: permission errors are thrown
 * only by server/access/ (loaders over the pure rules of server/policies/) and by the dispatcher's
 * auth level and write checks; and the import graph has no cycle.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PERMISSION_ERRORS =
  /errors\.(noPermission|adminRequired|noVisit|noEdit|needItemPassword|noItemPermission|itemArchived|siteLoginRequired|apiKeyMismatch|itemPasswordWrong|itemPasswordCaptcha|notLoggedIn|crossSiteRefused|commentsOff|feedbackOff)\(|ErrorCode\.(NO_PERMISSION|NO_VISIT|NO_EDIT|NEED_ITEM_PASSWORD|NO_ITEM_PERMISSION|NOT_LOGGED_IN)\b/;
const ALLOWED = [/^server\/access\//, /^server\/http\/dispatcher\.ts$/, /^server\/http\/requestOrigin\.ts$/];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe('layering', () => {
  it('throws permission errors only under server/access/ and in the dispatcher', () => {
    const offenders = ['server', 'cli', 'importers', 'exporters']
      .flatMap(sources)
      .filter((f) => !ALLOWED.some((a) => a.test(f)))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(root, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ f, line, n: i + 1 }))
          .filter(({ line }) => PERMISSION_ERRORS.test(line)),
      )
      .map(({ f, n, line }) => `${f}:${n}: ${line.trim()}`);
    expect(offenders).toEqual([]);
    // The pattern must see the real throw sites, or the check above proves nothing.
    expect(PERMISSION_ERRORS.test(fs.readFileSync(path.join(root, 'server/access/items.ts'), 'utf8'))).toBe(true);
  });

  it('has no import cycle among the sources (scripts/check-cycles.ts)', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/check-cycles.ts')], { encoding: 'utf8' });
    expect(out).toMatch(/^no import cycles among \d+ files/);
  });
});
