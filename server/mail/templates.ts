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

export function emailVerificationMail(input: { username: string; email: string; link: string; validHours: number }) {
  const subject = 'Folio: confirm your e-mail address / 验证邮箱';
  const text = [
    `Hello ${input.username},`,
    '',
    `The Folio account "${input.username}" asked to use ${input.email} as its e-mail address. Open this link within ${input.validHours} hours and confirm (it works once):`,
    input.link,
    '',
    'If you do not have this account, ignore this mail: the address stays unused.',
    '',
    `您好，${input.username}：Folio 账号“${input.username}”申请使用 ${input.email} 作为邮箱。请在 ${input.validHours} 小时内打开上面的链接并确认（仅可使用一次）。如果这不是您的账号，请忽略本邮件。`,
  ].join('\n');
  const link = escapeHtml(input.link);
  const name = escapeHtml(input.username);
  const email = escapeHtml(input.email);
  const html = `<p>Hello ${name},</p>
<p>The Folio account “${name}” asked to use ${email} as its e-mail address. Open this link within ${input.validHours} hours and confirm (it works once):</p>
<p><a href="${link}">${link}</a></p>
<p>If you do not have this account, ignore this mail: the address stays unused.</p>
<p>您好，${name}：Folio 账号“${name}”申请使用 ${email} 作为邮箱。请在 ${input.validHours} 小时内打开上面的链接并确认（仅可使用一次）。如果这不是您的账号，请忽略本邮件。</p>`;
  return { subject, text, html };
}

/** A comment notice (mention, reply, comment on one's page): the comment is quoted as plain text. */
export function commentNoticeMail(input: { username: string; title: string; excerpt: string; link: string }) {
  const subject = `Folio: ${input.title}`;
  const text = [
    `Hello ${input.username},`,
    '',
    `${input.title}:`,
    '',
    input.excerpt,
    '',
    ...(input.link ? [input.link, ''] : []),
    `您好，${input.username}：您在 Folio 有一条新的评论通知。`,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<p>Hello ${escapeHtml(input.username)},</p>
<p>${escapeHtml(input.title)}:</p>
<blockquote style="white-space:pre-wrap">${escapeHtml(input.excerpt)}</blockquote>
${input.link ? `<p><a href="${link}">${link}</a></p>\n` : ''}<p>您好，${escapeHtml(input.username)}：您在 Folio 有一条新的评论通知。</p>`;
  return { subject, text, html };
}
