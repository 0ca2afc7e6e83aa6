import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/mail/templates';
import { getCapturedEmail, listCapturedEmails } from './dev-mailbox.service';
import { idParams } from '../../../contracts/ids';

const CapturedEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:0 auto;padding:24px;color:#111827">${body}</body></html>`;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the dev mailbox exists at all: only outside production and only while the site's own
 * address is this machine. Anyone who can read it can reset any account's password, so a
 * deployment reachable under a real name never has it, whatever NODE_ENV says.
 */
export function devMailboxEnabled(config: Pick<Config, 'isProduction' | 'PUBLIC_URL'>): boolean {
  return !config.isProduction && LOCAL_HOSTS.has(new URL(config.PUBLIC_URL).hostname);
}

/** Where mail goes, in words: the SMTP server (host only, never its credentials) or the mailbox. */
export function mailDestination(
  config: Pick<Config, 'isProduction' | 'PUBLIC_URL' | 'SMTP_URL'>,
  mailer: 'smtp' | 'captured',
): string {
  if (mailer === 'smtp' && config.SMTP_URL) {
    const url = new URL(config.SMTP_URL);
    return `sent through the SMTP server ${url.protocol}//${url.host}`;
  }
  if (devMailboxEnabled(config)) {
    return `no SMTP_URL, so mail is kept and shown at ${config.PUBLIC_URL}/dev/mailbox (from this machine only)`;
  }
  return 'NOT delivered: set SMTP_URL (the dev mailbox exists only in development on a localhost PUBLIC_URL)';
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request from this machine, judged by the TCP peer (never by X-Forwarded-For, which anyone
 * can write). A request relayed by a proxy on this machine carries forwarding headers: refused
 * too, since its real sender may be anywhere.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded;
  return LOOPBACK.test(peer) && !relayed;
}

/**
 * The dev mailbox: without SMTP_URL the app keeps outgoing mail and shows it here, so a person
 * trying the product locally can confirm an account. Registered only when `devMailboxEnabled`,
 * and answers only requests from this machine (any other gets the same 404 as a missing route).
 */
export const devMailboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!fromLoopback(request)) {
        const method = request.method;
        const path = request.url.split('?')[0] ?? '';
        throw new AppError('NOT_FOUND', msg`No route for ${method} ${path}`);
      }
    });
    const find = (to?: string) => listCapturedEmails(deps, { to });

    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Captured outgoing mail, newest first (development on localhost only, from this machine)',
          querystring: z.object({ to: z.string().max(254).optional() }),
          response: { 200: z.object({ emails: z.array(CapturedEmailSchema) }) },
        },
      },
      async (request) => ({
        emails: (await find(request.query.to)).map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
        })),
      }),
    );

    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const emails = await find();
      const rows = emails
        .map(
          (m) =>
            `<li style="padding:10px 0;border-bottom:1px solid #e5e7eb"><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a><br><small>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small></li>`,
        )
        .join('');
      return reply
        .type('text/html')
        .send(
          page(
            'Dev mailbox',
            `<h1>Dev mailbox</h1><p>Mail the app sent while no <code>SMTP_URL</code> is set. This page exists only in development while the site's address is localhost, and only for requests from this machine.</p>${emails.length ? `<ul style="list-style:none;padding:0">${rows}</ul>` : '<p>No mail yet.</p>'}`,
          ),
        );
    });

    app.get(
      '/dev/mailbox/:id',
      { schema: { hide: true, params: idParams() } },
      async (request, reply) => {
        const mail = await getCapturedEmail(deps, { id: request.params.id });
        // The mail's own HTML is shown as text-escaped source beside a plain rendering, never
        // injected into this page: mail content is not trusted markup.
        return reply
          .type('text/html')
          .send(
            page(
              mail.subject,
              `<p><a href="/dev/mailbox">← Dev mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1><p><small>to ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</small></p><pre style="white-space:pre-wrap;background:#f9fafb;padding:16px;border-radius:8px">${autolink(escapeHtml(mail.text))}</pre>`,
            ),
          );
      },
    );
  };

function autolink(escaped: string): string {
  return escaped.replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
}
