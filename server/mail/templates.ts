import { escapeHtml } from '../../core/markdown/escape.ts';

/** Mail bodies. Everything interpolated into HTML goes through `escapeHtml`. */

export function passwordResetMail(input: { username: string; link: string; validMinutes: number }) {
  const subject = 'Folio: reset your password / 重置密码';
  const text = [
    `Hello ${input.username},`,
    '',
    `Someone asked to reset the password of this account. Open this link within ${input.validMinutes} minutes to choose a new one (it works once):`,
    input.link,
    '',
    'If it was not you, ignore this mail: your password stays as it is.',
    '',
    `您好，${input.username}：请在 ${input.validMinutes} 分钟内打开上面的链接设置新密码（仅可使用一次）。如非本人操作，请忽略本邮件。`,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<p>Hello ${escapeHtml(input.username)},</p>
<p>Someone asked to reset the password of this account. Open this link within ${input.validMinutes} minutes to choose a new one (it works once):</p>
<p><a href="${link}">${link}</a></p>
<p>If it was not you, ignore this mail: your password stays as it is.</p>
<p>您好，${escapeHtml(input.username)}：请在 ${input.validMinutes} 分钟内打开上面的链接设置新密码（仅可使用一次）。如非本人操作，请忽略本邮件。</p>`;
  return { subject, text, html };
}
