import i18n from '../i18n/index.ts';

// One formatter per language: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(): Intl.DateTimeFormat {
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  let f = formatters.get(locale);
  if (!f) {
    // No timeZone option: the viewer's own zone.
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, f);
  }
  return f;
}

/**
 * A time from the API as the viewer reads it, in their zone and language. Epoch seconds and ISO
 * instants are converted; a zone-less `Y-m-d H:i:s` (already in the site's zone) is shown as sent.
 * Empty when there is none (the caller says what that means: "never", "not used yet").
 */
export function displayTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === 0) return '';
  if (typeof value === 'number') return formatter().format(new Date(value * 1000));
  if (/^\d+$/.test(value)) return formatter().format(new Date(Number(value) * 1000));
  if (/T.*(Z|[+-]\d\d:?\d\d)$/.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return formatter().format(d);
  }
  return value;
}
