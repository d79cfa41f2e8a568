import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read from the environment once, here, and nowhere else.
 * Every variable also accepts `<NAME>_FILE` (a path whose contents are the value), for secrets.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SITE_URL: z.string().url('must be an absolute URL such as https://docs.example.com').optional().or(z.literal('').transform(() => undefined)),
  /** Where the header's "Feedback" link points (a mailto: address or a web page); hidden when unset. */
  FEEDBACK_URL: z
    .string()
    .regex(/^(mailto:[^\s@?]+@[^\s@?]+(\?.*)?|https?:\/\/\S+)$/, 'must be mailto:someone@example.com or an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIMEZONE: z.string().default(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Folio <folio@localhost>'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MAX_REQUEST_MB: z.coerce.number().min(1).max(2048).default(64),
  UPLOAD_MAX_MB: z.coerce.number().min(0.1).max(2048).default(4),
  HISTORY_VERSIONS: z.coerce.number().int().min(1).max(10000).default(50),
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
    }),
  TRUST_PROXY: bool.default(false),
  /** With TRUST_PROXY: how many proxies of ours append to X-Forwarded-For (the client is that many hops from the right). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  CRON_TOKEN: z.string().optional(),
  /** Memory each server process may give item/info's menu cache (menus and compressed answers). */
  MENU_CACHE_MB: z.coerce.number().min(1).max(4096).default(64),
  OPEN_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  uploadsDir: string;
  sqliteFile: string;
  engine: 'sqlite' | 'pg';
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

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
