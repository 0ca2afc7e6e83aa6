import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { capturedEmails } from '../../db/schema/mail';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64, so a message stays plain JSON on its way through the mail job. */
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe on notification mail. */
  headers?: Record<string, string>;
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
        const { attachments, ...rest } = message;
        await transport.sendMail({
          from: options.from,
          ...rest,
          attachments: attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.contentBase64,
            encoding: 'base64',
          })),
        });
      },
    };
  }
  return {
    kind: 'captured',
    async send(message) {
      const { attachments, headers: _headers, ...rest } = message;
      await options.db.insert(capturedEmails).values({
        ...rest,
        attachments: (attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          bytes: Buffer.byteLength(a.contentBase64, 'base64'),
        })),
      });
    },
  };
}
