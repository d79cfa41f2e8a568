import * as contracts from '../../../core/api/common.ts';
import { setCookie } from '../../auth/sessionCookie.ts';
import { CAPTCHA_TTL_SECONDS, captchaImage, createCaptcha, issueCaptcha } from '../../captcha/captchas.ts';
import { CAPTCHA_COOKIE } from '../../captcha/verifyCaptcha.ts';
import { action, raw, type ActionDef } from '../../http/action.ts';
import { errors } from '../../../core/errors.ts';
import { loadSiteSettings } from '../../settings.ts';
import { spendRateBudget } from '../../throttle/rateLimit.ts';

/** `common/*` actions: verification-code image, QR codes, the home-page setting. */

/** Captchas are rows: one address may make this many per minute (a person needs a handful). */
const CAPTCHAS_PER_IP_PER_MINUTE = 60;

const spendCaptchaBudget = (services: Parameters<typeof issueCaptcha>[0], ip: string) =>
  spendRateBudget(services, `captcha:ip:${ip}`, CAPTCHAS_PER_IP_PER_MINUTE, 60);

export const commonActions: ActionDef[] = [
  action(contracts.commonVerify, {
    auth: 'public',
    writes: false,
    async handle({ services, koa, ip }) {
      await spendCaptchaBudget(services, ip);
      const { captchaId, svg } = await createCaptcha(services);
      setCookie(koa, CAPTCHA_COOKIE, captchaId, CAPTCHA_TTL_SECONDS);
      return raw(svg, { type: 'image/svg+xml', headers: { 'Cache-Control': 'no-store', 'X-Captcha-Id': captchaId } });
    },
  }),

  action(contracts.commonCreateCaptcha, {
    auth: 'public',
    writes: false,
    async handle({ services, ip }) {
      await spendCaptchaBudget(services, ip);
      return { captcha_id: (await issueCaptcha(services)).captchaId };
    },
  }),

  action(contracts.commonShowCaptcha, {
    auth: 'public',
    writes: false,
    async handle({ input, services }) {
      const svg = await captchaImage(services, input.captcha_id);
      if (!svg) throw errors.captchaWrong();
      return raw(svg, { type: 'image/svg+xml', headers: { 'Cache-Control': 'no-store' } });
    },
  }),

  action(contracts.commonHomePageSetting, {
    auth: 'public',
    writes: false,
    async handle({ services }) {
      const s = await loadSiteSettings(services.db);
      return {
        home_page: s.home_page,
        home_item: s.home_item,
        register_open: s.register_open,
        force_login: s.force_login,
        feedback_url: services.config.FEEDBACK_URL ?? '',
      };
    },
  }),

  action(contracts.commonQrcode, {
    auth: 'public',
    writes: false,
    async handle({ input }) {
      const { default: QRCode } = await import('qrcode'); // on first use, not at start
      const png = await QRCode.toBuffer(input.url, { type: 'png', width: input.size, margin: 1, errorCorrectionLevel: 'M' });
      return raw(png, { type: 'image/png', headers: { 'Cache-Control': 'public, max-age=86400' } });
    },
  }),
];
