import { z } from 'zod';
import type { HomePageSetting } from '../wire.ts';
import { contract, type FileAnswer } from './contract.ts';
import { zInt, zRequiredText } from './schema.ts';

/** The `common/*` actions of `server/routes/api/common.ts`: verification-code images, QR codes, the home-page setting. */
export const QRCODE_MIN_SIZE = 50;
export const QRCODE_MAX_SIZE = 1000;
export const QRCODE_MAX_URL = 2000;

/** The captcha image (SVG), its id in a cookie and the `X-Captcha-Id` header. */
export const commonVerify = contract<FileAnswer>()('common/verify', z.object({}));

// ShowDoc's two-step captcha, for its clients: an id, then the image by id; the code is then
// sent as `captcha` with `captcha_id`.
export const commonCreateCaptcha = contract<{ captcha_id: string }>()('common/createCaptcha', z.object({}));

export const commonShowCaptcha = contract<FileAnswer>()('common/showCaptcha', z.object({ captcha_id: zRequiredText(64) }));

export const commonHomePageSetting = contract<HomePageSetting>()('common/homePageSetting', z.object({}));

/** A PNG of the QR code of `url`. */
export const commonQrcode = contract<FileAnswer>()(
  'common/qrcode',
  z.object({
    url: zRequiredText(QRCODE_MAX_URL),
    size: zInt(QRCODE_MIN_SIZE, QRCODE_MAX_SIZE).optional().default(200),
  }),
);
