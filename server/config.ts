import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../core/configError.ts';
import { JOB_LIMIT_VARIABLES } from '../workers/limits.ts';

// loadConfig throws it; its own module because the CLI's job limits (workers/limits.ts) throw it too.
export { ConfigError };

/**
 * Configuration is read from the environment once, here, and nowhere else.
 * Every variable also accepts `<NAME>_FILE` (a path whose contents are the value), for secrets.
 */
const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000).describe('HTTP port'),
  HOST: z.string().default('0.0.0.0').describe('listen address'),
  DATA_DIR: z.string().default('./data').describe('folder of the SQLite database (folio.sqlite) and of uploads'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('postgres:// URL: use PostgreSQL instead of the embedded SQLite'),
  SITE_URL: z
    .string()
    .url('must be an absolute URL such as https://docs.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('public base URL, used in attachment URLs and mailed links'),
  FEEDBACK_URL: z
    .string()
    .regex(/^(mailto:[^\s@?]+@[^\s@?]+(\?.*)?|https?:\/\/\S+)$/, 'must be mailto:someone@example.com or an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('where the header\'s "Feedback" link points (mailto: address or web page); hidden when unset'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('fatal, error, warn, info, debug, trace or silent'),
  TIMEZONE: z
    .string()
    .default(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
    .describe('time zone of formatted times (the default is the system zone)'),
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('at least 32 characters; signs item-access grants and links (generated and stored in the database when unset)'),
  SMTP_HOST: z.string().optional().describe('mail server for password-reset links'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587).describe('mail server port'),
  SMTP_SECURE: bool.default(false).describe('use TLS from the start (port 465)'),
  SMTP_USER: z.string().optional().describe('mail server user'),
  SMTP_PASSWORD: z.string().optional().describe('mail server password'),
  SMTP_FROM: z.string().default('Folio <folio@localhost>').describe('sender of mails'),
  ADMIN_USERNAME: z.string().optional().describe('first administrator, created on start when the site has none (with ADMIN_PASSWORD)'),
  ADMIN_PASSWORD: z.string().optional().describe('password of ADMIN_USERNAME'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30).describe('login session lifetime in days'),
  MAX_REQUEST_MB: z.coerce.number().min(1).max(2048).default(64).describe('largest request body in MB (imports)'),
  BODY_READ_MB_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(100000)
    .default(40)
    .describe(
      'rate (MB/s, for the whole process) at which request bodies over 1 MB are read: an upload over a fast link then never holds up the requests of other users; 0 reads them as fast as they come',
    ),
  UPLOAD_MAX_MB: z.coerce.number().min(0.1).max(2048).default(4).describe('largest attachment in MB'),
  HISTORY_VERSIONS: z.coerce.number().int().min(1).max(10000).default(50).describe('page history versions kept'),
  /** Server processes sharing the port (node:cluster); `auto` = one per CPU core. */
  WORKERS: z
    .string()
    .default('1')
    .transform((v, ctx) => {
      if (v.trim() === '') return 1;
      if (v.trim() === 'auto') return os.availableParallelism();
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
      ctx.addIssue({ code: 'custom', message: 'must be a whole number from 1 to 64, or auto' });
      return z.NEVER;
    })
    .describe('server processes sharing the port, or auto (one per CPU core)'),
  TRUST_PROXY: bool.default(false).describe('trust X-Forwarded-* headers (behind a load balancer)'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1).describe('with TRUST_PROXY: how many proxies of yours append to X-Forwarded-For'),
  CRON_TOKEN: z.string().optional().describe('token for the HTTP cron endpoint of item scripts'),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10)
    .max(20)
    .default(15)
    .describe('scrypt cost of new password hashes, as log2 of N (15 = about 50 ms a check); the test suite lowers it, raise it on fast hardware'),
  MENU_CACHE_MB: z.coerce.number().min(1).max(4096).default(64).describe('memory (MB) each server process may give the item menu cache'),
  PREVIEW_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8760)
    .default(168)
    .describe(
      'hours a pull-request preview (docs push --preview) lives after its last push, unless the push asks for less with --expires (default 168 = 7 days)',
    ),
  OPEN_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200).describe('open-API and sync requests per API key per minute'),
  ...JOB_LIMIT_VARIABLES.shape,
  LIVE_EDITING: bool.default(true).describe('live co-editing over a WebSocket at /live on the HTTP port (off: no socket; every page uses the edit lock)'),
  LIVE_BUS_DIGEST_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe('live co-editing between processes: milliseconds between two digests of the open documents (anti-entropy: a lost bus message heals within this)'),
  LIVE_STORE_DEBOUNCE_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(3000)
    .describe('live co-editing: milliseconds after the last change before the page is stored'),
  LIVE_STORE_MAX_DEBOUNCE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe('live co-editing: longest wait before a store while typing goes on'),
  LIVE_IDLE_CUT_SECONDS: z.coerce
    .number()
    .min(1)
    .max(86_400)
    .default(300)
    .describe('live co-editing: seconds without a change after which a history version is cut'),
  LIVE_MAX_SEGMENT_SECONDS: z.coerce
    .number()
    .min(1)
    .max(86_400)
    .default(1800)
    .describe('live co-editing: a history version is cut at least this often while editing goes on'),
  LIVE_RIGHTS_RECHECK_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .describe(
      'live co-editing: how often each process sweeps the rights of all its open connections (a safety net: rights changes made through Folio and lock expiries re-check at once)',
    ),
  WEBHOOK_ALLOW_PRIVATE: bool
    .default(false)
    .describe('let webhooks reach loopback, private and link-local addresses (off: such targets are refused after DNS resolution)'),
});

/** The names of every environment variable Folio reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  uploadsDir: string;
  sqliteFile: string;
  engine: 'sqlite' | 'pg';
};

/** Parses the environment, reporting every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, string | undefined> = {};
  const problems: string[] = [];
  for (const key of Object.keys(schema.shape)) {
    const fileVar = env[`${key}_FILE`];
    if (fileVar) {
      try {
        raw[key] = fs.readFileSync(fileVar, 'utf8').trim();
      } catch {
        problems.push(`${key}_FILE: cannot read ${fileVar}`);
      }
    } else if (env[key] !== undefined) raw[key] = env[key];
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  const c = parsed.data;
  if (c.SMTP_HOST === undefined && (c.SMTP_USER || c.SMTP_PASSWORD)) {
    throw new ConfigError(['SMTP_HOST: required when SMTP_USER or SMTP_PASSWORD is set']);
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    sqliteFile: path.join(dataDir, 'folio.sqlite'),
    engine: c.DATABASE_URL ? 'pg' : 'sqlite',
  };
}

/**
 * The environment variables, for `docs serve --help`: generated from the schema above (its
 * descriptions and defaults), so the help never drifts from what is read.
 * @public cli/commands/server.ts loads it with a synchronous require, which knip does not follow.
 */
export function configVariablesHelp(): string {
  const defaults = schema.safeParse({});
  const values = (defaults.success ? defaults.data : {}) as Record<string, unknown>;
  const names = Object.keys(schema.shape) as (keyof typeof schema.shape)[];
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((name) => {
    const value = values[name];
    const shown = value === undefined || value === '' ? '' : ` (default: ${value})`;
    return `  ${name.padEnd(width)}  ${schema.shape[name].description ?? ''}${shown}`;
  });
  return ['Environment variables (each also read from a file named by <NAME>_FILE, for secrets):', ...lines].join('\n');
}
