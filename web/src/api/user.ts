import { call, type CallOptions } from './client.ts';
import type { LoginUser, UserInfo, UserOption } from '@core/wire';

/** `user/*` calls (spec §7 "Common and session"). */
export const userApi = {
  login: (p: { username: string; password: string; v_code?: string }, o?: CallOptions) => call<LoginUser>('user/login', p, o),
  register: (p: { username: string; password: string; confirm_password: string; v_code?: string }, o?: CallOptions) =>
    call<LoginUser>('user/register', p, o),
  /** `redirectLogin: false` asks only whether a session exists, without sending the user to login. */
  info: (redirectLogin = true, o?: CallOptions) =>
    call<UserInfo>('user/info', redirectLogin ? {} : { redirect_login: false }, o),
  resetPassword: (p: { password: string; new_password: string }, o?: CallOptions) => call('user/resetPassword', p, o),
  /** Mails a verification link; the address stays pending (`pending_email`) until it is followed. */
  updateEmail: (p: { email: string; password: string }, o?: CallOptions) => call<{ pending_email: string }>('user/updateEmail', p, o),
  resendEmailVerification: (o?: CallOptions) => call<{ pending_email: string }>('user/resendEmailVerification', {}, o),
  /** The POST behind the mailed link's page. */
  verifyEmail: (p: { token: string }, o?: CallOptions) => call<{ username: string; email: string }>('user/verifyEmail', p, o),
  updateInfo: (p: { name: string }, o?: CallOptions) => call('user/updateInfo', p, o),
  resetPasswordEmail: (p: { email: string; v_code: string }, o?: CallOptions) => call('user/resetPasswordEmail', p, o),
  resetPasswordByUrl: (p: { new_password: string; uid: string; email: string; token: string }, o?: CallOptions) =>
    call('user/resetPasswordByUrl', p, o),
  logout: () => call('user/logout', {}, { quiet: true }),
  allUser: (username = '') => call<UserOption[]>('user/allUser', { username }),
};
