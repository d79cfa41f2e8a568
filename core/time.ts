/** Times are stored as integer epoch seconds on both engines; these helpers format them for the wire. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
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
  return formatter;
}

/** The zone's offset from UTC at that instant, in seconds (one formatToParts call). */
function offsetAt(timeZone: string, epochSeconds: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochSeconds * 1000));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  return asUtc - epochSeconds;
}

const DAY = 86_400;
/** Offset per zone and UTC day; null for a day on which the offset changes (a DST switch). */
const dayOffsets = new Map<string, number | null>();
const MAX_CACHED_DAYS = 20_000;

/**
 * formatToParts is slow, and a 5,000-page menu formats 5,000 times. Offsets change at most a few
 * times a year, so the offset is found once per zone and day (checked at both ends of the day) and
 * the fields come from plain UTC arithmetic; a day with a change falls back to formatToParts.
 */
function offsetFor(timeZone: string, epochSeconds: number): number {
  const day = Math.floor(epochSeconds / DAY);
  const key = `${timeZone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(timeZone, day * DAY);
    offset = start === offsetAt(timeZone, day * DAY + DAY - 1) ? start : null;
    if (dayOffsets.size >= MAX_CACHED_DAYS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? offsetAt(timeZone, epochSeconds);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `Y-m-d H:i:s` in the given IANA time zone (ShowDoc's wire format for addtime and friends). */
export function formatDateTime(epochSeconds: number | null | undefined, timeZone = 'UTC'): string {
  if (!epochSeconds) return '';
  const d = new Date((Math.floor(epochSeconds) + offsetFor(timeZone, Math.floor(epochSeconds))) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
