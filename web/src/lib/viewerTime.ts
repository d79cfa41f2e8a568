/**
 * A server time shown in the viewer's own time zone. The API sends epoch seconds, ISO text with
 * an offset, or ShowDoc's "YYYY-MM-DD HH:mm:ss" (already in the server's zone, so shown as sent).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function viewerTime(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  let date: Date | null = null;
  if (typeof value === 'number' || /^\d+$/.test(value)) date = new Date(Number(value) * 1000);
  else if (/T.*(Z|[+-]\d\d:?\d\d)$/.test(value)) date = new Date(value);
  if (!date || Number.isNaN(date.getTime())) return String(value);
  const locale = language.startsWith('zh') ? 'zh-CN' : 'en';
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, format);
  }
  return format.format(date);
}
