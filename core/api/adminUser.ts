import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { AdminUser, AuthSource, Paged } from '../wire.ts';
import { zEmail, zNewPassword } from './accountFields.ts';
import { contract, type NoData } from './contract.ts';
import { emptyToUndefined, preprocess, zId, zInt, zText } from './schema.ts';

/** The `adminUser/*` actions of `server/routes/api/adminUser.ts` (administrators only). */

export const adminUserGetList = contract<Paged<AdminUser>>()(
  'adminUser/getList',
  z.object({
    username: zText(MAX.username).overwrite((s) => s.trim()),
    page: zInt(1, 1_000_000).optional().default(1),
    count: zInt(1, 200).optional().default(20),
  }),
);

/** Adds a user when `uid` is absent or 0, edits one (password optional) when given. */
export const adminUserAddUser = contract<{ uid: number }>()(
  'adminUser/addUser',
  z.object({
    uid: preprocess((v) => (v === '0' || v === 0 ? undefined : v), zId.optional()),
    // When editing, the username is read-only: it is ignored rather than checked (the handler
    // checks it with zUsername when adding).
    username: preprocess(emptyToUndefined, z.unknown().optional()),
    password: preprocess(emptyToUndefined, zNewPassword.optional()),
    name: zText(MAX.name).overwrite((s) => s.trim()),
    // An address the administrator sets counts as verified (a site without SMTP relies on it).
    email: preprocess(emptyToUndefined, zEmail.optional()),
  }),
);

// Ties an account to a directory entry (ldap_login under the configured user_field), or unties it ('').
export const adminUserLinkLdap = contract<{ auth_source: AuthSource; ldap_dn: string }>()(
  'adminUser/linkLdap',
  z.object({ uid: zId, ldap_login: zText(MAX.email).overwrite((s) => s.trim()) }),
);

export const adminUserDeleteUser = contract<NoData>()('adminUser/deleteUser', z.object({ uid: zId }));

// Folio updates through its package or container image, never by itself: always empty.
export const adminUserCheckUpdate = contract<{ url: string; title: string }>()('adminUser/checkUpdate', z.object({}));
