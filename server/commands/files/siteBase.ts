import type { Services } from '../../services.ts';
import { loadSiteSettings } from '../../settings.ts';

/**
 * The origin put in front of file URLs: SITE_URL from the environment, else the admin's
 * `site_url` setting, else '' (a root-relative URL, which the web app resolves itself).
 */
export async function siteBaseUrl(services: Pick<Services, 'db' | 'config'>): Promise<string> {
  const base = services.config.SITE_URL || (await loadSiteSettings(services.db)).site_url || '';
  return base.replace(/\/+$/, '');
}
