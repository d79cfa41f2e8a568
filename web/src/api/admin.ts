import { call, type CallOptions } from './client.ts';
import type { AdminItem, AdminSettings, AdminSettingsUpdate, AdminUser, Id, LdapSettings, Paged } from '@core/wire';

/** Administrator calls (spec §7 "Admin"). */
export const adminApi = {
  /** Live items only (deleted ones stay out of the console). */
  items: (p: { item_name?: string; username?: string; page: number; count: number }) => call<Paged<AdminItem>>('adminItem/getList', { is_del: 0, ...p }),
  deleteItem: (item_id: Id) => call('adminItem/deleteItem', { item_id }),
  attornItem: (p: { item_id: Id; username: string }, o?: CallOptions) => call('adminItem/attorn', p, o),
  users: (p: { username?: string; page: number; count: number }) => call<Paged<AdminUser>>('adminUser/getList', p),
  deleteUser: (uid: Id) => call('adminUser/deleteUser', { uid }),
  /** Adds when `uid` is absent; edits (password optional) when given. */
  /** `email` set here counts as verified at once. */
  saveUser: (p: { uid?: Id; username?: string; password?: string; name?: string; email?: string }, o?: CallOptions) => call<{ uid: number }>('adminUser/addUser', p, o),
  /** Links the account to the directory entry of `ldap_login`; '' unlinks it. */
  linkLdap: (p: { uid: Id; ldap_login: string }, o?: CallOptions) => call<{ auth_source: string; ldap_dn: string }>('adminUser/linkLdap', p, o),
  checkUpdate: () => call<{ url?: string; title?: string }>('adminUser/checkUpdate', {}, { quiet: true }),
  loadConfig: () => call<AdminSettings>('adminSetting/loadConfig'),
  saveConfig: (config: AdminSettingsUpdate, o?: CallOptions) => call('adminSetting/saveConfig', config, o),
  /** Sends a notice to every user. */
  announce: (p: { title: string; content: string }) => call<{ sent: number }>('adminNotice/announce', p),
  /** Binds with the form as typed (an empty bind_password uses the stored one) and counts the users found. */
  testLdap: (ldap_form: LdapSettings) => call<{ url: string; users: number }>('adminSetting/testLdap', { ldap_form }),
};
