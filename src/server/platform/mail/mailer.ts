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
  /**
   * Bulk mail only: where a permanent refusal (SMTP 5xx) is reported instead of retrying it, as
   * a job on `queue` with `data` plus the server's answer (campaign bounces, decision 024).
   */
  onRefused?: { queue: string; data: Record<string, string> };
}

export interface Mailer {
  /** Where mail goes, for the start-up banner and the README's promise. */
  readonly kind: 'smtp' | 'captured';
  /** SMTP connections kept open and shared by every send (1 for the captured mailer). */
  readonly connections: number;
  send(message: MailMessage): Promise<void>;
  /** Closes the pooled connections (after the mail workers stopped). */
  close(): Promise<void>;
}

/** Open SMTP connections: the bulk lane uses all but one, so transactional mail always has one. */
export const SMTP_POOL_CONNECTIONS = 5;

/**
 * SMTP when SMTP_URL is set; otherwise mail is captured in the database and shown at
 * /dev/mailbox, so sign-up works on a fresh machine without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  connections?: number;
}): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const connections = options.connections ?? SMTP_POOL_CONNECTIONS;
    // One pool of reused connections: a new TCP + SMTP greeting per mail cost more than the mail.
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: connections,
      maxMessages: 1000,
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
      connections,
      async close() {
        transport.close();
      },
      async send(message) {
        const { attachments, onRefused: _onRefused, ...rest } = message;
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
    connections: 1,
    async close() {},
    async send(message) {
      const { attachments, headers: _headers, onRefused: _onRefused, ...rest } = message;
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
