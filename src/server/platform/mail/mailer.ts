import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { capturedEmails } from '../../db/schema/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up banner and the README's promise. */
  readonly kind: 'smtp' | 'captured';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise mail is captured in the database and shown at
 * /dev/mailbox, so sign-up works on a fresh machine without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // `?tls=off` for local relays without STARTTLS (and the tests' SMTP server).
      ignoreTLS: url.searchParams.get('tls') === 'off',
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    kind: 'captured',
    async send(message) {
      await options.db.insert(capturedEmails).values(message);
    },
  };
}
