import { z } from 'zod';
import { MAX } from '../limits.ts';
import type { LoginUser, UserInfo, UserOption } from '../wire.ts';
import { zCurrentPassword, zEmail, zNewPassword, zUsername } from './accountFields.ts';
import { contract, type NoData } from './contract.ts';
import { zFlag, zId, zRequiredText, zText } from './schema.ts';

/** The `user/*` actions of `server/routes/api/user.ts`: login, registration, sessions, profile, password reset (spec §7). */

/** The verification code: `v_code` (Folio's web app) or `captcha` (ShowDoc's clients). */
const captchaFields = { v_code: zText(16).optional(), captcha: zText(16).optional() };

export const userLogin = contract<LoginUser>()('user/login', z.object({ username: zRequiredText(MAX.email), password: zCurrentPassword, ...captchaFields }));

export const userRegister = contract<LoginUser>()(
  'user/register',
  z
    .object({ username: zUsername, password: zNewPassword, confirm_password: zText(MAX.password), ...captchaFields })
    .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'does not match the password' }),
);

export const userLogout = contract<NoData>()('user/logout', z.object({}));

// redirect_login=false only tells the client not to jump to the login page on 10102.
export const userInfo = contract<UserInfo>()('user/info', z.object({ redirect_login: zFlag.optional() }));

export const userUpdateInfo = contract<NoData>()('user/updateInfo', z.object({ name: zText(MAX.name).overwrite((s) => s.trim()) }));

export const userResetPassword = contract<NoData>()('user/resetPassword', z.object({ password: zCurrentPassword, new_password: zNewPassword }));

/** `pending_email`: the address waiting for its mailed link ('' when the change needed no verification). */
export const userUpdateEmail = contract<{ pending_email: string }>()('user/updateEmail', z.object({ email: zEmail, password: zCurrentPassword }));

export const userResendEmailVerification = contract<{ pending_email: string }>()('user/resendEmailVerification', z.object({}));

export const userVerifyEmail = contract<{ username: string; email: string }>()('user/verifyEmail', z.object({ token: zRequiredText(200) }));

export const userResetPasswordEmail = contract<NoData>()('user/resetPasswordEmail', z.object({ email: zEmail, ...captchaFields }));

export const userResetPasswordByUrl = contract<NoData>()(
  'user/resetPasswordByUrl',
  z.object({ new_password: zNewPassword, uid: zId, email: zRequiredText(MAX.email), token: zRequiredText(200) }),
);

export const userAllUser = contract<UserOption[]>()('user/allUser', z.object({ username: zText(MAX.username).overwrite((s) => s.trim()) }));
