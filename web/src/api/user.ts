import { callUntyped, type CallOptions } from './client.ts';
import type { LoginUser, UserInfo, UserOption } from '@core/wire';

/** `user/*` calls (spec §7 "Common and session"). */
export const userApi = {
  login: (p: { username: string; password: string; v_code?: string }, o?: CallOptions) => callUntyped<LoginUser>('user/login', p, o),
  register: (p: { username: string; password: string; confirm_password: string; v_code?: string }, o?: CallOptions) =>
    callUntyped<LoginUser>('user/register', p, o),
  /** `redirectLogin: false` asks only whether a session exists, without sending the user to login. */
  info: (redirectLogin = true, o?: CallOptions) =>
    callUntyped<UserInfo>('user/info', redirectLogin ? {} : { redirect_login: false }, o),
  resetPassword: (p: { password: string; new_password: string }, o?: CallOptions) => callUntyped('user/resetPassword', p, o),
  /** Mails a verification link; the address stays pending (`pending_email`) until it is followed. */
  updateEmail: (p: { email: string; password: string }, o?: CallOptions) => callUntyped<{ pending_email: string }>('user/updateEmail', p, o),
  resendEmailVerification: (o?: CallOptions) => callUntyped<{ pending_email: string }>('user/resendEmailVerification', {}, o),
  /** The POST behind the mailed link's page. */
  verifyEmail: (p: { token: string }, o?: CallOptions) => callUntyped<{ username: string; email: string }>('user/verifyEmail', p, o),
  updateInfo: (p: { name: string }, o?: CallOptions) => callUntyped('user/updateInfo', p, o),
  resetPasswordEmail: (p: { email: string; v_code: string }, o?: CallOptions) => callUntyped('user/resetPasswordEmail', p, o),
  resetPasswordByUrl: (p: { new_password: string; uid: string; email: string; token: string }, o?: CallOptions) =>
    callUntyped('user/resetPasswordByUrl', p, o),
  logout: () => callUntyped('user/logout', {}, { quiet: true }),
  allUser: (username = '') => callUntyped<UserOption[]>('user/allUser', { username }),
};
