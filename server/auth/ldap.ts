import type { Client, Entry } from 'ldapts';
import { errors } from '../../core/errors.ts';
import type { LdapTestResult } from '../../core/wire.ts';
import type { SiteSettings } from '../settings.ts';

/**
 * LDAP login as ShowDoc does it (reference §10): bind with the service account (`bind_dn`), search
 * `base_dn` for the entry whose `user_field` equals the typed username, then bind as that entry's
 * DN with the typed password. Folio always speaks LDAPv3 (ldapts has no v2; v2 is historic and
 * every server that takes v2 binds takes v3).
 */
export type LdapForm = SiteSettings['ldap_form'];

export interface LdapUser {
  dn: string;
  /** Display name from `displayName` or `cn`, '' when the entry has neither. */
  name: string;
  email: string | null;
}

const TIMEOUT_MS = 10_000;
// ldapts is only needed when LDAP is configured: load it on first use.
const loadLdapts = () => import('ldapts');

/** `ldap://host:389`, or `ldaps://` for port 636 or a host written with the ldaps scheme. */
function ldapUrlOf(form: Pick<LdapForm, 'host' | 'port'>): string {
  const written = /^(ldaps?):\/\//i.exec(form.host.trim());
  const host = form.host
    .trim()
    .replace(/^ldaps?:\/\//i, '')
    .replace(/\/+$/, '');
  const scheme = written ? written[1]!.toLowerCase() : form.port === 636 ? 'ldaps' : 'ldap';
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${scheme}://${bracketed}:${form.port || 389}`;
}

function firstValue(entry: Entry, attribute: string): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? '' : Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
}

/** A one-line description of what went wrong, without any password (ldapts errors carry none). */
function describe(err: unknown): string {
  const e = err as { name?: string; code?: number | string; message?: string };
  return [e.name, e.code !== undefined ? `(${e.code})` : '', e.message ? `: ${e.message}` : ''].join('').slice(0, 300);
}

async function withClient<T>(form: LdapForm, work: (client: Client) => Promise<T>): Promise<T> {
  const { Client } = await loadLdapts();
  const client = new Client({ url: ldapUrlOf(form), timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS });
  try {
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The service bind; the anonymous bind when no bind_dn is set. */
async function serviceBind(client: Client, form: LdapForm): Promise<void> {
  try {
    if (form.bind_dn) await client.bind(form.bind_dn, form.bind_password);
  } catch (err) {
    throw errors.ldapFailed(`LDAP: the service account (bind_dn) could not bind: ${describe(err)}`, `LDAP：服务账号（bind_dn）绑定失败：${describe(err)}`);
  }
}

function assertConfigured(form: LdapForm): void {
  if (!form.host.trim()) throw errors.ldapFailed('LDAP: host is not set', 'LDAP：未填写 host');
  if (!form.base_dn.trim()) throw errors.ldapFailed('LDAP: base_dn is not set', 'LDAP：未填写 base_dn');
  if (!form.user_field.trim()) throw errors.ldapFailed('LDAP: user_field is not set', 'LDAP：未填写 user_field');
}

function entryUser(entry: Entry): LdapUser {
  return { dn: entry.dn, name: firstValue(entry, 'displayName') || firstValue(entry, 'cn'), email: firstValue(entry, 'mail') || null };
}

/** The one entry whose `user_field` equals `login` (after the service bind); null for none or several. */
async function findEntry(client: Client, form: LdapForm, login: string): Promise<Entry | null> {
  const { EqualityFilter } = await loadLdapts();
  await serviceBind(client, form);
  let entries: Entry[];
  try {
    const found = await client.search(form.base_dn, {
      scope: 'sub',
      filter: new EqualityFilter({ attribute: form.user_field, value: login }),
      attributes: ['dn', form.user_field, 'cn', 'displayName', 'mail'],
      sizeLimit: 2,
    });
    entries = found.searchEntries;
  } catch (err) {
    throw errors.ldapFailed(`LDAP: searching base_dn failed: ${describe(err)}`, `LDAP：在 base_dn 下搜索失败：${describe(err)}`);
  }
  // Two entries with the same username would make the login ambiguous: refuse it.
  return entries.length === 1 ? entries[0]! : null;
}

/** Binds as `dn` with `password`: true when the directory accepts it, false for wrong credentials. */
async function bindAs(client: Client, dn: string, password: string): Promise<boolean> {
  const { InvalidCredentialsError } = await loadLdapts();
  try {
    await client.bind(dn, password);
    return true;
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return false;
    throw errors.ldapFailed(`LDAP: binding as the user failed: ${describe(err)}`, `LDAP：以用户身份绑定失败：${describe(err)}`);
  }
}

/**
 * Checks a username and password against the directory. Resolves the user's entry on success,
 * null for an unknown user or a wrong password; throws 10011 when the directory itself fails
 * (unreachable, service bind refused, bad base_dn).
 */
export async function ldapAuthenticate(form: LdapForm, username: string, password: string): Promise<LdapUser | null> {
  assertConfigured(form);
  // An empty password would be an "unauthenticated bind", which servers accept: never allow it.
  if (!password) return null;
  return withClient(form, async (client) => {
    const entry = await findEntry(client, form, username);
    if (!entry || !(await bindAs(client, entry.dn, password))) return null;
    return entryUser(entry);
  });
}

/** Checks the password of a known entry (an LDAP-linked account proving itself again): 10011 when the directory fails. */
export async function ldapCheckPassword(form: LdapForm, dn: string, password: string): Promise<boolean> {
  assertConfigured(form);
  if (!password) return false;
  return withClient(form, (client) => bindAs(client, dn, password));
}

/** Looks up the entry of a directory login without its password (an administrator linking an account). */
export async function ldapFindUser(form: LdapForm, login: string): Promise<LdapUser | null> {
  assertConfigured(form);
  return withClient(form, async (client) => {
    const entry = await findEntry(client, form, login);
    return entry ? entryUser(entry) : null;
  });
}

/** "Test connection": connects, binds as the service account and counts the users under base_dn. */
export async function testLdapConnection(form: LdapForm): Promise<LdapTestResult> {
  assertConfigured(form);
  const { PresenceFilter } = await loadLdapts();
  return withClient(form, async (client) => {
    await serviceBind(client, form);
    try {
      const found = await client.search(form.base_dn, {
        scope: 'sub',
        filter: new PresenceFilter({ attribute: form.user_field }),
        attributes: ['dn'],
        sizeLimit: 1000,
      });
      return { url: ldapUrlOf(form), users: found.searchEntries.length };
    } catch (err) {
      throw errors.ldapFailed(`LDAP: searching base_dn failed: ${describe(err)}`, `LDAP：在 base_dn 下搜索失败：${describe(err)}`);
    }
  });
}
