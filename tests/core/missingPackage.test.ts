import { describe, expect, it } from 'vitest';
import { importOptional, missingPackageName } from '../../core/missingPackage.ts';

// A name no registry package has: importing it fails with Node's real ERR_MODULE_NOT_FOUND.
const ABSENT = '@folio-test/not-installed';
const absentError = () => new Error('Spreadsheets need the package @folio-test/not-installed');

describe('importOptional', () => {
  it('turns Node\'s "Cannot find package" for the package it loads into the feature\'s own error', async () => {
    const node = await import(ABSENT).then(
      () => null,
      (err: unknown) => err,
    );
    expect(missingPackageName(node)).toBe(ABSENT);
    await expect(importOptional(ABSENT, () => import(ABSENT), absentError)).rejects.toThrow('Spreadsheets need the package @folio-test/not-installed');
  });

  it('loads an installed package', async () => {
    const yaml = await importOptional('yaml', () => import('yaml'), absentError);
    expect(yaml.parse('a: 1')).toEqual({ a: 1 });
  });

  it('leaves any other failure as it is: another missing package, or an error of the package itself', async () => {
    await expect(importOptional('yaml', () => import(ABSENT), absentError)).rejects.toThrow(/Cannot find package '@folio-test\/not-installed'/);
    const broken = new Error('the package threw while loading');
    await expect(importOptional(ABSENT, () => Promise.reject(broken), absentError)).rejects.toBe(broken);
  });
});

describe('missingPackageName', () => {
  it('names no package for other errors or a file missing inside an installed package', () => {
    expect(missingPackageName(new Error("Cannot find package 'x'"))).toBeNull();
    expect(
      missingPackageName(
        Object.assign(new Error("Cannot find module '/app/node_modules/x/lib/a.js' imported from /app/b.js"), { code: 'ERR_MODULE_NOT_FOUND' }),
      ),
    ).toBe('/app/node_modules/x/lib/a.js');
    expect(missingPackageName(null)).toBeNull();
  });
});
