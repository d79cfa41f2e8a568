import crypto from 'node:crypto';
import { denials } from './denials.ts';

function tokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** When CRON_TOKEN is configured, `scriptCron/run` needs the `X-Cron-Token` header to match it (10103 otherwise). */
export function requireCronToken(expected: string | undefined, given: string): void {
  if (expected && !tokenMatches(expected, given)) {
    throw denials.noPermission('scriptCron/run needs the X-Cron-Token header set to CRON_TOKEN', '需要与 CRON_TOKEN 一致的 X-Cron-Token 请求头');
  }
}
