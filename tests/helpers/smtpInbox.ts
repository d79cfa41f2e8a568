import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process (smtp-server) that keeps every message it receives. */
export interface SmtpInbox {
  port: number;
  mails: { to: string[]; raw: string }[];
  /** The first URL starting with `prefix` in the last mail to `address` (quoted-printable undone). */
  linkMailedTo(address: string, prefix: string): URL;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: SmtpInbox['mails'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mails,
    linkMailedTo(address, prefix) {
      const mail = [...mails].reverse().find((m) => m.to.includes(address));
      if (!mail) throw new Error(`no mail to ${address}`);
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const start = text.indexOf(prefix);
      if (start < 0) throw new Error(`no ${prefix} link in the mail to ${address}`);
      const m = /^[^\s"<]+/.exec(text.slice(start))!;
      return new URL(m[0].replace(/&amp;/g, '&'));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
