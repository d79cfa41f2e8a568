import i18n from '../i18n/index.ts';

// One formatter per language: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Epoch seconds as the viewer reads them: their own zone (no `timeZone` option) and language.
 * The API's `Y-m-d H:i:s` texts are in the site's zone; an instant sent as a number is not.
 */
export function viewerTime(epochSeconds: number): string {
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, f);
  }
  return f.format(new Date(epochSeconds * 1000));
}
