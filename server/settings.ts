import { z } from 'zod';
import type { AdminSettings, SiteSettingsValues } from '../core/wire.ts';
import type { Db } from './db/knex.ts';
import { Option } from './models/Option.ts';

/**
 * Typed site settings (spec §3 "Site config"), stored as rows of the `options` table.
 * Every read and write of site settings goes through here.
 */
const siteSettingsSchema = z.object({
  register_open: z.coerce.number().int().min(0).max(1).default(1),
  home_page: z.coerce.number().int().min(1).max(3).default(1),
  home_item: z.string().max(64).default(''),
  force_login: z.coerce.number().int().min(0).max(1).default(0),
  history_version_count: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10000, 'must be at most 10000').optional(),
  /** Storage quota per user in MB (issue #26); 0 = no quota. Administrators are never capped. */
  upload_quota_mb: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 (no quota) or more')
    .max(10_000_000, 'must be at most 10000000')
    .default(0),
  /** The MCP server at POST /mcp (issue #23); 0 turns it off for the whole site. */
  mcp_enabled: z.coerce.number().int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1').default(1),
  /** Personal access tokens may be created without an expiry (`expires_days` 0). */
  token_never_expire: z.coerce.number().int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1').default(0),
  site_url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'must be empty or an http(s) URL such as https://docs.example.com')
    .transform((v) => v.replace(/\/+$/, ''))
    .default(''),
  ldap_open: z.coerce.number().int().min(0).max(1).default(0),
  ldap_form: z
    .object({
      host: z.string().default(''),
      port: z.coerce.number().int().default(389),
      version: z.coerce.number().int().min(2).max(3).default(3),
      base_dn: z.string().default(''),
      bind_dn: z.string().default(''),
      bind_password: z.string().default(''),
      user_field: z.string().default('cn'),
    })
    .default({ host: '', port: 389, version: 3, base_dn: '', bind_dn: '', bind_password: '', user_field: 'cn' }),
  oss_open: z.coerce.number().int().min(0).max(1).default(0),
  oss_setting: z
    .object({
      oss_type: z.enum(['aliyun', 'qiniu', 's3']).default('s3'),
      key: z.string().default(''),
      secret: z.string().default(''),
      endpoint: z.string().default(''),
      bucket: z.string().default(''),
      protocol: z.enum(['http', 'https']).default('https'),
      domain: z.string().default(''),
      /** Path-style or virtual-host addressing; `auto` guesses from the endpoint (AWS, Aliyun, Qiniu: virtual host). */
      addressing: z.enum(['auto', 'path', 'virtual']).default('auto'),
      /** Signing region; empty guesses it from the endpoint (us-east-1 for self-hosted servers). */
      region: z.string().trim().max(64).default(''),
    })
    .default({ oss_type: 's3', key: '', secret: '', endpoint: '', bucket: '', protocol: 'https', domain: '', addressing: 'auto', region: '' }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
// The stored settings are the wire's (core/wire.ts): a field changed here fails to compile there.
const settingsMatchWire: (s: SiteSettings) => SiteSettingsValues = (s) => s;
void settingsMatchWire;
type SiteSettingName = keyof SiteSettings;

const JSON_KEYS = new Set<SiteSettingName>(['ldap_form', 'oss_setting']);

export async function loadSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await Option.query(db).whereIn('option_name', Object.keys(siteSettingsSchema.shape));
  const raw: Record<string, unknown> = {};
  for (const r of rows) {
    if (JSON_KEYS.has(r.option_name as SiteSettingName)) {
      try {
        raw[r.option_name] = JSON.parse(r.option_value);
      } catch {
        /* a corrupt JSON value falls back to the default */
      }
    } else raw[r.option_name] = r.option_value;
  }
  // Each setting is read on its own: one unreadable row falls back to its own default instead of
  // resetting every setting (which would, say, reopen a closed registration).
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(siteSettingsSchema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(raw[key]);
    out[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return out as SiteSettings;
}

/** Saves the given settings (validated); unknown keys are refused by the schema's `partial`. */
export async function saveSiteSettings(db: Db, values: Partial<SiteSettings>): Promise<void> {
  const parsed = siteSettingsSchema.partial().strict().parse(values);
  for (const [key, value] of Object.entries(parsed)) {
    // zod's partial() still fills defaults for absent keys: save only what was given.
    if (value === undefined || !(key in values)) continue;
    const text = JSON_KEYS.has(key as SiteSettingName) ? JSON.stringify(value) : String(value);
    await Option.query(db).insert({ option_name: key, option_value: text }).onConflict('option_name').merge();
  }
}

/** Secrets inside settings: never sent back in clear (see `presentSettingsForAdmin`). */
const SECRET_FIELDS = [
  ['ldap_form', 'bind_password'],
  ['oss_setting', 'secret'],
] as const;

/**
 * The settings as the admin screen sees them: each secret replaced by '' with a
 * `<field>_set: true|false` flag beside it, so the form can say "a password is stored".
 */
export function presentSettingsForAdmin(settings: SiteSettings, defaults: { historyVersions: number }): AdminSettings {
  const { ldap_form: ldap, oss_setting: oss } = settings;
  return {
    ...settings,
    history_version_count: settings.history_version_count ?? defaults.historyVersions,
    // The two SECRET_FIELDS, each replaced by '' with its `_set` flag.
    ldap_form: { ...ldap, bind_password: '', bind_password_set: !!ldap.bind_password },
    oss_setting: { ...oss, secret: '', secret_set: !!oss.secret },
  };
}

export type SettingsParse = { ok: true; values: Partial<SiteSettings> } | { ok: false; problems: string[] };

/**
 * Reads the site settings out of a submitted form (JSON body or form fields; `ldap_form` and
 * `oss_setting` as objects or JSON strings), ignoring keys that are not settings. Groups are
 * merged over the stored values, and a secret sent back empty keeps the stored one.
 */
export function parseSubmittedSettings(params: Record<string, unknown>, stored: SiteSettings): SettingsParse {
  const problems: string[] = [];
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(siteSettingsSchema.shape) as SiteSettingName[]) {
    let value = params[key];
    if (value === undefined) continue;
    if (JSON_KEYS.has(key)) {
      if (typeof value === 'string') {
        try {
          value = value.trim() ? JSON.parse(value) : {};
        } catch {
          problems.push(`${key}: must be valid JSON`);
          continue;
        }
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        problems.push(`${key}: must be an object`);
        continue;
      }
      const merged: Record<string, unknown> = { ...(stored[key] as object), ...(value as object) };
      for (const [group, field] of SECRET_FIELDS) {
        if (group === key && (merged[field] === '' || merged[field] === undefined)) merged[field] = (stored[key] as Record<string, unknown>)[field];
        if (group === key) delete merged[`${field}_set`];
      }
      picked[key] = merged;
    } else if (value === '' && key === 'history_version_count') continue;
    else picked[key] = value;
  }
  if (problems.length) return { ok: false, problems };
  const parsed = siteSettingsSchema.partial().safeParse(picked);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  // zod's partial() still fills defaults for absent keys: keep only the submitted ones.
  const values = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => key in picked)) as Partial<SiteSettings>;
  return { ok: true, values };
}
