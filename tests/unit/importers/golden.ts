import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const DIR = path.join(import.meta.dirname, '__golden__');

/** Compares text with a committed golden file; `UPDATE_GOLDEN=1` rewrites it (review the diff!). */
export function expectGolden(name: string, actual: string): void {
  const file = path.join(DIR, name);
  if (process.env.UPDATE_GOLDEN === '1' || !fs.existsSync(file)) {
    if (process.env.CI) throw new Error(`golden file ${name} is missing`);
    fs.writeFileSync(file, actual);
  }
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}
