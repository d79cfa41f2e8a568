import { z } from 'zod';
import type { AdminSettings, LdapTestResult } from '../wire.ts';
import { contract, type NoData } from './contract.ts';

/**
 * The `adminSetting/*` actions of `server/routes/api/adminSetting.ts`: the site settings of spec §3.
 * Their inputs stay loose: the server reads the settings from all parameters with
 * `parseSubmittedSettings` (the keys vary by form: any of the site settings, or `ldap_form`).
 */

export const adminSettingLoadConfig = contract<AdminSettings>()('adminSetting/loadConfig', z.object({}));

export const adminSettingSaveConfig = contract<NoData>()('adminSetting/saveConfig', z.object({}).loose());

/** Binds with the LDAP form as typed (an empty bind_password uses the stored one) and counts the users found. */
export const adminSettingTestLdap = contract<LdapTestResult>()('adminSetting/testLdap', z.object({}).loose());
