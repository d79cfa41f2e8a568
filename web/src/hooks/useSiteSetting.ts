import { call } from '../api/client.ts';
import { useApiData } from './useApiData.ts';

/** The public site switches (`common/homePageSetting`): home page mode, home item, registration. */
export function useSiteSetting() {
  return useApiData(() => call('common/homePageSetting', {}, { quiet: true }), []);
}
