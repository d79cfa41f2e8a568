import { apiUrl, pingQuietly } from './client.ts';

/** URLs of `common/*`'s images and the quiet housekeeping pings (what `call` cannot express). */
export const commonApi = {
  /** A fresh captcha image URL (the random suffix defeats caching). */
  captchaUrl: () => apiUrl('common/verify', { r: `${Date.now()}${Math.random().toString().slice(2, 8)}` }),
  qrcodeUrl: (url: string, size = 200) => apiUrl('common/qrcode', { url, size }),
  /** The login screen fires these (spec §2): scheduled tasks and the database-update check. */
  housekeeping: () => {
    pingQuietly('/api/ScriptCron/run');
    pingQuietly('/api/update/checkDb');
  },
};
