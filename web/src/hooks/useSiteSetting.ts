import { commonApi } from '../api/common.ts';
import { useApiData } from './useApiData.ts';

/** The public site switches (`common/homePageSetting`): home page mode, home item, registration. */
export function useSiteSetting() {
  return useApiData(() => commonApi.homePageSetting(), []);
}
