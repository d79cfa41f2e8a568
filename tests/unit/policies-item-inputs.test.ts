import { describe, expect, it } from 'vitest';
import { safeReferUrl } from '../../server/access/itemGrantCookie.ts';
import { splitNameList } from '../../server/access/users.ts';
import { normaliseItemDomain } from '../../server/commands/items/itemDomain.ts';

describe('normaliseItemDomain', () => {
  it('lower-cases letters-and-digits domains and maps empty to none', () => {
    expect(normaliseItemDomain('MyDocs2')).toBe('mydocs2');
    expect(normaliseItemDomain('  ')).toBeNull();
    expect(normaliseItemDomain(undefined)).toBeNull();
  });
  it('refuses other characters and all-digit names with 10305', () => {
    for (const bad of ['a-b', 'a_b', 'a.b', '123', 'ä1', '<script>'])
      expect(() => normaliseItemDomain(bad), bad).toThrow(expect.objectContaining({ code: 10305 }));
  });
  it('refuses names the app uses itself with 10304 and over-long ones with 10100', () => {
    expect(() => normaliseItemDomain('API')).toThrow(expect.objectContaining({ code: 10304 }));
    expect(() => normaliseItemDomain('a'.repeat(51))).toThrow(expect.objectContaining({ code: 10100 }));
  });
});

describe('safeReferUrl', () => {
  it('keeps a path on this site, plain or base64', () => {
    expect(safeReferUrl('/12?page_id=3')).toBe('/12?page_id=3');
    expect(safeReferUrl(Buffer.from('/docs').toString('base64'))).toBe('/docs');
  });
  it('drops other hosts, schemes and scripts', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', Buffer.from('//evil').toString('base64'), '/a b']) {
      expect(safeReferUrl(bad), bad).toBe('');
    }
  });
});

describe('splitNameList', () => {
  it('splits on ASCII and full-width commas, trims and drops blanks and repeats', () => {
    expect(splitNameList(' a, b，c,,a ')).toEqual(['a', 'b', 'c']);
  });
});
