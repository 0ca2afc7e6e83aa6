import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { capturedEmails } from '../../db/schema/mail';
import { AppError } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/mail/templates';

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

/**
 * The dev mailbox: without SMTP_URL the app keeps outgoing mail and shows it here, so a person
 * trying the product locally can confirm an account. Never registered in production.
 */
export const devMailboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const find = (to?: string) =>
      deps.db
        .select()
        .from(capturedEmails)
        .where(to ? sql`lower(${capturedEmails.to}) = lower(${to})` : undefined)
        .orderBy(desc(capturedEmails.createdAt))
        .limit(100);

    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Captured outgoing mail, newest first (not in production)',
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
            `<h1>Dev mailbox</h1><p>Mail the app sent while no <code>SMTP_URL</code> is set. This page does not exist in production.</p>${emails.length ? `<ul style="list-style:none;padding:0">${rows}</ul>` : '<p>No mail yet.</p>'}`,
          ),
        );
    });

    app.get(
      '/dev/mailbox/:id',
      { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
      async (request, reply) => {
        const [mail] = await deps.db
          .select()
          .from(capturedEmails)
          .where(eq(capturedEmails.id, request.params.id));
        if (!mail) throw new AppError('NOT_FOUND', 'No such mail');
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
