import { apiUrl, callUntyped, pingQuietly } from './client.ts';
import type { Id } from '@core/wire';

/** `common/*` and the quiet housekeeping pings. */
export const commonApi = {
  homePageSetting: () => callUntyped<{ home_page: Id; home_item?: Id; register_open?: Id; force_login?: Id; feedback_url?: string }>('common/homePageSetting', {}, { quiet: true }),
  /** A fresh captcha image URL (the random suffix defeats caching). */
  captchaUrl: () => apiUrl('common/verify', { r: `${Date.now()}${Math.random().toString().slice(2, 8)}` }),
  qrcodeUrl: (url: string, size = 200) => apiUrl('common/qrcode', { url, size }),
  /** The login screen fires these (spec §2): scheduled tasks and the database-update check. */
  housekeeping: () => {
    pingQuietly('/api/ScriptCron/run');
    pingQuietly('/api/update/checkDb');
  },
};
