import * as contracts from '../../../core/api/user.ts';
import { clearSessionCookie, setSessionCookie } from '../../auth/sessionCookie.ts';
import { findSessionUser, revokeSession } from '../../auth/sessions.ts';
import { captchaIdFromRequest } from '../../captcha/verifyCaptcha.ts';
import { loginWithPassword, type LoggedIn } from '../../commands/users/login.ts';
import { siteBaseUrl } from '../../commands/files/siteBase.ts';
import { completePasswordReset, requestPasswordReset } from '../../commands/users/passwordReset.ts';
import { confirmEmailVerification, pendingEmailOf, requestEmailChange, resendEmailVerification, type MailContext } from '../../commands/users/emailAddress.ts';
import { changeOwnPassword, updateDisplayName } from '../../commands/users/profile.ts';
import { registerUser } from '../../commands/users/register.ts';
import { searchUsersByName } from '../../commands/users/searchUsers.ts';
import { loadCurrentUser } from '../../access/users.ts';
import { action, type ActionContext, type ActionDef } from '../../http/action.ts';
import { tokenFromRequest } from '../../http/authenticate.ts';
import { presentLoginUser, presentUserInfo, presentUserOption } from '../../presenters/user.ts';

/** `user/*` actions: login, registration, sessions, profile and password reset (spec §7). */

/** The verification code: `v_code` (Folio's web app) or `captcha` (ShowDoc's clients), with the captcha's id. */
function captchaOf(ctx: ActionContext<{ v_code?: string; captcha?: string }>) {
  return { id: captchaIdFromRequest(ctx.params, ctx.koa.get('cookie')), code: ctx.input.v_code || ctx.input.captcha || '' };
}

function requestMeta(ctx: ActionContext<unknown>) {
  return { ip: ctx.ip, userAgent: ctx.koa.get('user-agent'), sessionTtlDays: ctx.services.config.SESSION_TTL_DAYS };
}

/** Login and registration answer alike: the user info plus a token, and the session cookie. */
function answerLoggedIn(ctx: ActionContext<unknown>, loggedIn: LoggedIn) {
  setSessionCookie(ctx.koa, loggedIn.token, loggedIn.expiresAt, ctx.services.now());
  return presentLoginUser(loggedIn.user, loggedIn.token);
}

const uidOf = (ctx: ActionContext<unknown>) => (ctx.actor.kind === 'user' ? ctx.actor.uid : 0);

/** What a command needs to mail a link: the SMTP settings and the site's configured origin. */
async function mailContext(ctx: ActionContext<unknown>): Promise<MailContext> {
  return { config: ctx.services.config, baseUrl: await siteBaseUrl(ctx.services) };
}

export const userActions: ActionDef[] = [
  action(contracts.userLogin, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      const loggedIn = await loginWithPassword(ctx.services, {
        login: ctx.input.username,
        password: ctx.input.password,
        captcha: captchaOf(ctx),
        timeZone: ctx.services.config.TIMEZONE,
        ...requestMeta(ctx),
      });
      return answerLoggedIn(ctx, loggedIn);
    },
  }),

  action(contracts.userRegister, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      const loggedIn = await registerUser(ctx.services, {
        username: ctx.input.username,
        password: ctx.input.password,
        captcha: captchaOf(ctx),
        ...requestMeta(ctx),
      });
      return answerLoggedIn(ctx, loggedIn);
    },
  }),

  // Ends this session only (other devices stay logged in); answers success for guests too.
  action(contracts.userLogout, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      const presented = tokenFromRequest(ctx.koa, ctx.params);
      if (presented) await revokeSession(ctx.services, presented.token);
      clearSessionCookie(ctx.koa);
      return [];
    },
  }),

  action(contracts.userInfo, {
    auth: 'user',
    writes: false,
    async handle(ctx) {
      const user = await loadCurrentUser(ctx.services.db, ctx.actor);
      return presentUserInfo(user, ctx.services.config.TIMEZONE, await pendingEmailOf(ctx.services, user.uid));
    },
  }),

  action(contracts.userUpdateInfo, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      await updateDisplayName(ctx.services, uidOf(ctx), ctx.input.name);
      return [];
    },
  }),

  action(contracts.userResetPassword, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      const presented = tokenFromRequest(ctx.koa, ctx.params);
      const session = presented ? await findSessionUser(ctx.services, presented.token) : null;
      await changeOwnPassword(ctx.services, {
        uid: uidOf(ctx),
        currentPassword: ctx.input.password,
        newPassword: ctx.input.new_password,
        sessionId: session?.session_id ?? 0,
      });
      return [];
    },
  }),

  action(contracts.userUpdateEmail, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      const { pending } = await requestEmailChange(ctx.services, await mailContext(ctx), {
        uid: uidOf(ctx),
        email: ctx.input.email,
        password: ctx.input.password,
      });
      return { pending_email: pending ? ctx.input.email : '' };
    },
  }),

  // Mails the verification link of the pending address again (at most once a minute).
  action(contracts.userResendEmailVerification, {
    auth: 'user',
    writes: true,
    async handle(ctx) {
      const { email } = await resendEmailVerification(ctx.services, await mailContext(ctx), uidOf(ctx));
      return { pending_email: email };
    },
  }),

  // The mailed link opens a page (GET, no change) whose button posts the token here.
  action(contracts.userVerifyEmail, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      return confirmEmailVerification(ctx.services, ctx.input.token);
    },
  }),

  action(contracts.userResetPasswordEmail, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      await requestPasswordReset(ctx.services, ctx.services.config, {
        email: ctx.input.email,
        captcha: captchaOf(ctx),
        baseUrl: await siteBaseUrl(ctx.services),
      });
      return [];
    },
  }),

  action(contracts.userResetPasswordByUrl, {
    auth: 'public',
    writes: true,
    async handle(ctx) {
      await completePasswordReset(ctx.services, {
        uid: ctx.input.uid,
        email: ctx.input.email,
        token: ctx.input.token,
        newPassword: ctx.input.new_password,
      });
      return [];
    },
  }),

  action(contracts.userAllUser, {
    auth: 'user',
    writes: false,
    async handle(ctx) {
      const users = await searchUsersByName(ctx.services.db, ctx.input.username);
      return users.map(presentUserOption);
    },
  }),
];
