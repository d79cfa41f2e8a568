import { z } from 'zod';
import { errors } from '../../../core/errors.ts';
import { testLdapConnection } from '../../auth/ldap.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { liveRightsChangedEverywhere } from '../../live/liveServices.ts';
import { inTransaction } from '../../services.ts';
import { loadSiteSettings, parseSubmittedSettings, presentSettingsForAdmin, saveSiteSettings } from '../../settings.ts';

/** `adminSetting/*` actions: the site settings of spec §3, administrators only. */
export const adminSettingActions: ActionDef[] = [
  action({
    name: 'adminSetting/loadConfig',
    auth: 'admin',
    writes: false,
    input: z.object({}),
    async handle({ services }) {
      return presentSettingsForAdmin(await loadSiteSettings(services.db), { historyVersions: services.config.HISTORY_VERSIONS });
    },
  }),

  action({
    name: 'adminSetting/saveConfig',
    auth: 'admin',
    writes: true,
    // The settings are read from all parameters by `parseSubmittedSettings` (keys vary by form).
    input: z.object({}),
    async handle({ params, services }) {
      await inTransaction(services, async (tx) => {
        const parsed = parseSubmittedSettings(params, await loadSiteSettings(tx.db));
        if (!parsed.ok) throw errors.validation(parsed.problems.join('; '));
        await saveSiteSettings(tx.db, parsed.values);
      });
      // The forced login decides whether guests' live connections may stay open.
      liveRightsChangedEverywhere(services);
      return [];
    },
  }),

  action({
    name: 'adminSetting/testLdap',
    auth: 'admin',
    // Stores nothing, but connects to a host the caller names: POST only, from Folio's own pages.
    writes: true,
    // The form as typed (saved or not) over the stored one; an empty bind_password keeps the stored one.
    input: z.object({}),
    async handle({ params, services }) {
      const parsed = parseSubmittedSettings({ ldap_form: params.ldap_form ?? {} }, await loadSiteSettings(services.db));
      if (!parsed.ok) throw errors.validation(parsed.problems.join('; '));
      return testLdapConnection(parsed.values.ldap_form!);
    },
  }),
];
