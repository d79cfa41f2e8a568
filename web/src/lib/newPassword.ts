import { MIN_PASSWORD_LENGTH } from '@core/limits';
import i18n from '../i18n/index.ts';

/** The check of a new password before it is sent (too short, then the repeat differs); null when fine. */
export function newPasswordProblem(password: string, again = password): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return i18n.t('common:errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (password !== again) return i18n.t('auth:register.mismatch');
  return null;
}
