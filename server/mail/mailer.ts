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

export function mailNotConfigured() {
  return errors.failed(
    'Mail is not configured on this server (SMTP_HOST is not set): ask the administrator to reset your password',
    '本站未配置邮件发送（未设置 SMTP_HOST），请联系管理员重置密码',
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
