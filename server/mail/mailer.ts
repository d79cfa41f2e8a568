import { errors } from '../../core/errors.ts';
import type { Config } from '../config.ts';

/** Outgoing mail over SMTP (SMTP_* configuration). Only the accounts code sends mail today. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function isMailConfigured(config: Config): boolean {
  return !!config.SMTP_HOST;
}

/** 10101 for a mail the server cannot send; `ask` says what to ask the administrator for instead. */
export function mailNotConfigured(ask = { en: 'to reset your password', zh: '重置密码' }) {
  return errors.failed(
    `Mail is not configured on this server (SMTP_HOST is not set): ask the administrator ${ask.en}`,
    `本站未配置邮件发送（未设置 SMTP_HOST），请联系管理员${ask.zh}`,
  );
}

/** 10101 when a mailed link would need the site's public address and none is configured. */
export function siteUrlNotConfigured(ask = { en: 'to reset your password', zh: '重置密码' }) {
  return errors.failed(
    `This server does not know its public address (set SITE_URL, or the site URL in the admin settings): ask the administrator ${ask.en}`,
    `本站未配置访问地址（SITE_URL 或后台的站点地址），请联系管理员${ask.zh}`,
  );
}

export async function sendMail(config: Config, mail: OutgoingMail): Promise<void> {
  if (!isMailConfigured(config)) throw mailNotConfigured();
  // Loaded on the first mail, not at start: most servers never send one.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: config.SMTP_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } finally {
    transport.close();
  }
}
