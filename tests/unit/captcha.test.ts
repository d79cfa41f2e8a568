import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARSET, CAPTCHA_LENGTH, randomCaptchaCode } from '../../server/captcha/captchas.ts';
import { captchaIdFromRequest } from '../../server/captcha/verifyCaptcha.ts';

describe('randomCaptchaCode', () => {
  it('gives 4 characters from the alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = randomCaptchaCode();
      expect(code).toHaveLength(CAPTCHA_LENGTH);
      for (const ch of code) expect(CAPTCHA_CHARSET).toContain(ch);
    }
    expect(CAPTCHA_CHARSET).not.toMatch(/[IO01]/);
  });
});

describe('captchaIdFromRequest', () => {
  it('prefers the captcha_id parameter, then the folio_captcha cookie', () => {
    expect(captchaIdFromRequest({ captcha_id: 'param' }, 'folio_captcha=cookie')).toBe('param');
    expect(captchaIdFromRequest({}, 'a=b; folio_captcha=cookie')).toBe('cookie');
    expect(captchaIdFromRequest({}, undefined)).toBe('');
  });
});
