import { errors } from '../../../core/errors.ts';
import * as contracts from '../../../core/api/adminUser.ts';
import { deleteUserByAdmin, listUsers, saveUserByAdmin } from '../../commands/users/adminUsers.ts';
import { linkAccountToLdap } from '../../commands/users/ldapLink.ts';
import { zUsername } from '../../../core/api/accountFields.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { presentAdminUser } from '../../presenters/user.ts';

/** `adminUser/*` actions (administrators only). */

export const adminUserActions: ActionDef[] = [
  action(contracts.adminUserGetList, {
    auth: 'admin',
    writes: false,
    async handle({ input, services }) {
      const { list, total } = await listUsers(services.db, input);
      return { list: list.map((u) => presentAdminUser(u, services.config.TIMEZONE)), total };
    },
  }),

  action(contracts.adminUserAddUser, {
    auth: 'admin',
    writes: true,
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
  action(contracts.adminUserLinkLdap, {
    auth: 'admin',
    writes: true,
    async handle({ input, services }) {
      return linkAccountToLdap(services, { uid: input.uid, ldapLogin: input.ldap_login });
    },
  }),

  action(contracts.adminUserDeleteUser, {
    auth: 'admin',
    writes: true,
    async handle({ input, services }) {
      await deleteUserByAdmin(services, input.uid);
      return [];
    },
  }),

  // Folio updates through its package or container image, never by itself.
  action(contracts.adminUserCheckUpdate, {
    auth: 'admin',
    writes: false,
    handle: async () => ({ url: '', title: '' }),
  }),
];
