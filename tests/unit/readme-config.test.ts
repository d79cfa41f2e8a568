import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../server/config.ts';

/** The README's configuration table names exactly the variables server/config.ts reads. */
const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

function tableVariables(): string[] {
  const section = readme.slice(readme.indexOf('\n## Configuration'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration') + 1));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  // The first cell of each row: one variable, or several with their defaults in brackets.
  return rows.flatMap((r) => [...r.split(' | ')[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('README configuration table', () => {
  it('lists every variable of server/config.ts, and no other', () => {
    const listed = tableVariables();
    expect(listed.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
