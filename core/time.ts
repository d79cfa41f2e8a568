/** Times are stored as integer epoch seconds on both engines; these helpers format them for the wire. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `Y-m-d H:i:s` in the given IANA time zone (ShowDoc's wire format for addtime and friends). */
export function formatDateTime(epochSeconds: number | null | undefined, timeZone = 'UTC'): string {
  if (!epochSeconds) return '';
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(epochSeconds * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}
