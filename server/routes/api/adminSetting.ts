import * as contracts from '../../../core/api/adminSetting.ts';
import { errors } from '../../../core/errors.ts';
import { testLdapConnection } from '../../auth/ldap.ts';
import { action, type ActionDef } from '../../http/action.ts';
import { liveRightsChangedEverywhere } from '../../live/liveServices.ts';
import { inTransaction } from '../../services.ts';
import { loadSiteSettings, parseSubmittedSettings, presentSettingsForAdmin, saveSiteSettings } from '../../settings.ts';

/** `adminSetting/*` actions: the site settings of spec §3, administrators only. */
export const adminSettingActions: ActionDef[] = [
  action(contracts.adminSettingLoadConfig, {
    auth: 'admin',
    writes: false,
    async handle({ services }) {
      return presentSettingsForAdmin(await loadSiteSettings(services.db), { historyVersions: services.config.HISTORY_VERSIONS });
    },
  }),

  action(contracts.adminSettingSaveConfig, {
    auth: 'admin',
    writes: true,
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

  action(contracts.adminSettingTestLdap, {
    auth: 'admin',
    // Stores nothing, but connects to a host the caller names: POST only, from Folio's own pages.
    writes: true,
    async handle({ params, services }) {
      const parsed = parseSubmittedSettings({ ldap_form: params.ldap_form ?? {} }, await loadSiteSettings(services.db));
      if (!parsed.ok) throw errors.validation(parsed.problems.join('; '));
      return testLdapConnection(parsed.values.ldap_form!);
    },
  }),
];
