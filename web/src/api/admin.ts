import { callUntyped, type CallOptions } from './client.ts';
import type { AdminItem, AdminSettings, AdminSettingsUpdate, AdminUser, Id, LdapSettings, Paged } from '@core/wire';

/** Administrator calls (spec §7 "Admin"). */
export const adminApi = {
  /** Live items only (deleted ones stay out of the console). */
  items: (p: { item_name?: string; username?: string; page: number; count: number }) => callUntyped<Paged<AdminItem>>('adminItem/getList', { is_del: 0, ...p }),
  deleteItem: (item_id: Id) => callUntyped('adminItem/deleteItem', { item_id }),
  attornItem: (p: { item_id: Id; username: string }, o?: CallOptions) => callUntyped('adminItem/attorn', p, o),
  users: (p: { username?: string; page: number; count: number }) => callUntyped<Paged<AdminUser>>('adminUser/getList', p),
  deleteUser: (uid: Id) => callUntyped('adminUser/deleteUser', { uid }),
  /** Adds when `uid` is absent; edits (password optional) when given. */
  /** `email` set here counts as verified at once. */
  saveUser: (p: { uid?: Id; username?: string; password?: string; name?: string; email?: string }, o?: CallOptions) => callUntyped<{ uid: number }>('adminUser/addUser', p, o),
  /** Links the account to the directory entry of `ldap_login`; '' unlinks it. */
  linkLdap: (p: { uid: Id; ldap_login: string }, o?: CallOptions) => callUntyped<{ auth_source: string; ldap_dn: string }>('adminUser/linkLdap', p, o),
  checkUpdate: () => callUntyped<{ url?: string; title?: string }>('adminUser/checkUpdate', {}, { quiet: true }),
  loadConfig: () => callUntyped<AdminSettings>('adminSetting/loadConfig'),
  saveConfig: (config: AdminSettingsUpdate, o?: CallOptions) => callUntyped('adminSetting/saveConfig', config, o),
  /** Sends a notice to every user. */
  announce: (p: { title: string; content: string }) => callUntyped<{ sent: number }>('adminNotice/announce', p),
  /** Binds with the form as typed (an empty bind_password uses the stored one) and counts the users found. */
  testLdap: (ldap_form: LdapSettings) => callUntyped<{ url: string; users: number }>('adminSetting/testLdap', { ldap_form }),
};
