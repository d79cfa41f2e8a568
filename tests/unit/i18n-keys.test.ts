import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The English and Chinese files of every i18n namespace (`web/src/i18n/{en,zh}/*.json`, whoever
 * owns them) must hold the same keys, and no value may be empty.
 */
const root = path.resolve('web/src/i18n');
const LANGS = ['en', 'zh'] as const;

function flatten(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [fk, fv] of flatten(v, key)) out.set(fk, fv);
      else out.set(key, v);
    }
  }
  return out;
}

const namespaces = [...new Set(LANGS.flatMap((l) => fs.readdirSync(path.join(root, l)).filter((f) => f.endsWith('.json'))))].sort();
const load = (lang: string, file: string) => {
  const p = path.join(root, lang, file);
  return fs.existsSync(p) ? flatten(JSON.parse(fs.readFileSync(p, 'utf8'))) : null;
};
/** i18next plural forms differ per language (en: _one/_other, zh: _other only): compare base keys. */
const baseKey = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

describe('i18n namespaces', () => {
  it('finds the namespaces', () => {
    expect(namespaces).toContain('common.json');
  });

  for (const file of namespaces) {
    describe(file, () => {
      it('exists in every language', () => {
        for (const lang of LANGS) expect(load(lang, file), `${lang}/${file}`).not.toBeNull();
      });

      it('has the same keys in English and Chinese', () => {
        const [en, zh] = LANGS.map((l) => new Set([...(load(l, file) ?? new Map()).keys()].map(baseKey)));
        const missingInZh = [...en!].filter((k) => !zh!.has(k));
        const missingInEn = [...zh!].filter((k) => !en!.has(k));
        expect({ missingInZh, missingInEn }).toEqual({ missingInZh: [], missingInEn: [] });
      });

      it('has no empty or non-string values', () => {
        for (const lang of LANGS) {
          const bad = [...(load(lang, file) ?? new Map()).entries()].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
          expect(bad, `${lang}/${file}`).toEqual([]);
        }
      });

      it('uses the same interpolation variables in both languages', () => {
        const vars = (v: unknown) =>
          [...String(v).matchAll(/\{\{\s*(\w+)/g)]
            .map((m) => m[1])
            .sort()
            .join(',');
        const en = load('en', file) ?? new Map();
        const zh = load('zh', file) ?? new Map();
        const mismatched = [...en.keys()].filter((k) => zh.has(k) && vars(en.get(k)) !== vars(zh.get(k)));
        expect(mismatched).toEqual([]);
      });
    });
  }
});
