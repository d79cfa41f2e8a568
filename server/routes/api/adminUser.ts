import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { MAX } from '../../../core/limits.ts';
import { deleteUserByAdmin, listUsers, saveUserByAdmin } from '../../commands/users/adminUsers.ts';
import { linkAccountToLdap } from '../../commands/users/ldapLink.ts';
import { zEmail, zNewPassword, zUsername } from '../../commands/users/validation.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { zId, zInt, zText } from '../../../core/api/schema.ts';
import { presentAdminUser } from '../../presenters/user.ts';

/** `adminUser/*` actions (administrators only). */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const adminUserActions: ActionDef[] = [
  action({
    name: 'adminUser/getList',
    auth: 'admin',
    writes: false,
    input: z.object({
      username: zText(MAX.username).transform((s) => s.trim()),
      page: zInt(1, 1_000_000).optional().default(1),
      count: zInt(1, 200).optional().default(20),
    }),
    async handle({ input, services }) {
      const { list, total } = await listUsers(services.db, input);
      return { list: list.map((u) => presentAdminUser(u, services.config.TIMEZONE)), total };
    },
  }),

  action({
    name: 'adminUser/addUser',
    auth: 'admin',
    writes: true,
    input: z.object({
      uid: z.preprocess((v) => (v === '0' || v === 0 ? undefined : v), zId.optional()),
      // When editing, the username is read-only: it is ignored rather than checked.
      username: z.preprocess(emptyToUndefined, z.unknown().optional()),
      password: z.preprocess(emptyToUndefined, zNewPassword.optional()),
      name: zText(MAX.name).transform((s) => s.trim()),
      // An address the administrator sets counts as verified (a site without SMTP relies on it).
      email: z.preprocess(emptyToUndefined, zEmail.optional()),
    }),
    async handle({ input, services }) {
      let username: string | undefined;
      if (!input.uid) {
        const parsed = zUsername.safeParse(input.username);
        if (!parsed.success) throw errors.validation(`username: ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
        username = parsed.data;
      }
      return saveUserByAdmin(services, { uid: input.uid, username, password: input.password, name: input.name, email: input.email });
    },
  }),

  // Ties an account to a directory entry (ldap_login under the configured user_field), or unties it ('').
  action({
    name: 'adminUser/linkLdap',
    auth: 'admin',
    writes: true,
    input: z.object({ uid: zId, ldap_login: zText(MAX.email).transform((s) => s.trim()) }),
    async handle({ input, services }) {
      return linkAccountToLdap(services, { uid: input.uid, ldapLogin: input.ldap_login });
    },
  }),

  action({
    name: 'adminUser/deleteUser',
    auth: 'admin',
    writes: true,
    input: z.object({ uid: zId }),
    async handle({ input, services }) {
      await deleteUserByAdmin(services, input.uid);
      return [];
    },
  }),

  // Folio updates through its package or container image, never by itself.
  action({
    name: 'adminUser/checkUpdate',
    auth: 'admin',
    writes: false,
    input: z.object({}),
    handle: () => ({ url: '', title: '' }),
  }),
];
