import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next set-up. Every `./{en,zh}/<namespace>.json` is a namespace registered by file name, so a
 * new namespace needs no edit here. Translations are split into their own chunks and only the
 * current language's are loaded: `common` before the first render (see `i18nReady`), each
 * screen's own namespaces with its route (routes.tsx), which keeps the other language and other
 * screens' texts out of every route's JavaScript. The language comes from the browser the first time,
 * then from the header switch, remembered in localStorage.
 */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_STORAGE_KEY = 'folio_lang';

const loaders = import.meta.glob<Record<string, unknown>>('./{en,zh}/*.json', { import: 'default' });
export const NAMESPACES = [...new Set(Object.keys(loaders).map((p) => /\/([\w-]+)\.json$/.exec(p)![1]!))];

/** An i18next backend that imports the namespace's chunk for the language. */
const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, callback: (err: unknown, data: Record<string, unknown> | null) => void) {
    const load = loaders[`./${currentLanguage(lng)}/${ns}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (err) => callback(err, null),
    );
  },
};

/**
 * The first language: `?lang=` in the URL, else the one remembered, else the browser's. (A few
 * lines instead of i18next-browser-languagedetector, which cost the reader route 3 KB gzip.)
 */
function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  let remembered: string | null = null;
  try {
    remembered = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    /* storage may be disabled */
  }
  return currentLanguage(fromQuery || remembered || navigator.language || 'en');
}

/** Resolves once the current language's translations are loaded; render after it. */
export const i18nReady = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    // Only `common` up front: each screen loads its own namespaces with its code (routes.tsx).
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false }, // React escapes text itself
    lng: initialLanguage(),
    returnNull: false,
    // A key missing in the current language is recorded where the browser tests look for it.
    saveMissing: true,
    missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
      const w = window as unknown as { __folioMissingKeys?: string[] };
      (w.__folioMissingKeys ??= []).push(`${lngs.join(',')}:${ns}:${key}`);
    },
  } as Parameters<typeof i18n.init>[0]);

function syncDocumentLanguage(lng: string) {
  document.documentElement.lang = currentLanguage(lng) === 'zh' ? 'zh-CN' : 'en';
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lng: string) => {
  syncDocumentLanguage(lng);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, currentLanguage(lng));
  } catch {
    /* storage may be disabled */
  }
});

/** The UI language reduced to one of ours ('zh-CN' → 'zh'). */
export function currentLanguage(lng = i18n.language): Language {
  return lng?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export default i18n;
