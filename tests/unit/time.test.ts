import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.ts';

/** The slow, obviously right way: Intl's own fields for that instant. */
function reference(epochSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochSeconds * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

describe('formatDateTime', () => {
  it('formats Y-m-d H:i:s in the zone', () => {
    expect(formatDateTime(1_795_250_676, 'UTC')).toBe('2026-11-21 08:44:36');
    expect(formatDateTime(1_795_250_676, 'Asia/Shanghai')).toBe('2026-11-21 16:44:36');
    expect(formatDateTime(0)).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('agrees with Intl on every second around daylight-saving switches', () => {
    // 2026-03-08 07:00 UTC (New York springs forward), 2026-10-25 01:00 UTC (Berlin falls back),
    // 2026-04-04 15:00 UTC (Lord Howe's half-hour switch).
    for (const [zone, at] of [
      ['America/New_York', 1_772_953_200],
      ['Europe/Berlin', 1_792_890_000],
      ['Australia/Lord_Howe', 1_775_314_800],
    ] as const) {
      for (let t = at - 3700; t <= at + 3700; t += 1) expect(formatDateTime(t, zone), `${zone} ${t}`).toBe(reference(t, zone));
    }
  });

  it('agrees with Intl on random instants across zones and decades', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const t = Math.floor(next() * 2_500_000_000) + 1;
      const zone = ZONES[i % ZONES.length]!;
      expect(formatDateTime(t, zone), `${zone} ${t}`).toBe(reference(t, zone));
    }
  });
});
