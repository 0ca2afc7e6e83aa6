import { msg } from '@lingui/core/macro';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROMO_CODE_PATTERN } from '../../../contracts/affiliates';
import { formatMoney } from '../../../contracts/money';
import type { Config } from '../../config';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { WidgetAvailabilitySchema } from '../../../contracts/developer';
import { AppError } from '../../platform/http/errors';
import { EMBED_JS, WIDGET_JS } from './widget-assets';
import * as widget from './widget.service';
import type { WidgetDeps } from './widget.service';
import { idParams } from '../../../contracts/ids';
import { errorResponses } from '../../platform/http/error-responses';

// Zod keeps the English; the error handler reads it in the request's language.
const WIDGET_TEXT = {
  notCheckout: msg`Not a widget checkout id`,
  notEvent: msg`Not an event id`,
};

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#111;background:#fff}
main{padding:16px;border:1px solid #ddd;border-radius:12px}h1{font-size:18px;margin:0 0 4px}
.meta{color:#555;margin:0 0 12px}ul{list-style:none;margin:0 0 12px;padding:0}
li{display:flex;justify-content:space-between;gap:8px;padding:8px 0;border-top:1px solid #eee}
.left{color:#555;font-size:13px}button{font:inherit;font-weight:600;padding:10px 16px;
border:0;border-radius:8px;background:#5b21b6;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #111;outline-offset:2px}
button:disabled{background:#6b7280;cursor:not-allowed}.off>span:first-child{color:#555}
.by{color:#555;font-size:12px;margin:12px 0 0}a{color:#5b21b6}`;

/**
 * The framed pages may be embedded by any site (frame-ancestors *) and nothing else is: the
 * app-wide headers keep `frame-ancestors 'none'` everywhere else, payment pages included.
 */
function embedCsp(publicUrl: string) {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    `connect-src 'self' ${new URL(publicUrl).origin}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

function embedPage(
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>,
  found: NonNullable<Awaited<ReturnType<typeof widget.widgetAvailability>>>,
  affiliate: string | null,
) {
  const { event, availability } = found;
  const starts = new Date(event.startsAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: event.timezone,
  });
  const place = [event.venueName, event.city].filter(Boolean).join(', ');
  // Each row names its type so embed.js can update its state in place as availability changes.
  const rows = availability.ticketTypes
    .map(
      (t) =>
        `<li data-type="${escape(t.id)}"${t.status === 'on_sale' ? '' : ' class="off"'}><span>${escape(t.name)} <span class="left">${escape(t.label)}</span></span><span>${escape(formatMoney(t.priceCents, t.currency, { free: 'Free' }))}</span></li>`,
    )
    .join('');
  const checkout = `${config.PUBLIC_URL}/widget/checkout/${event.id}`;
  // The button is always there (disabled while nothing is on sale) so a type coming back on
  // sale, a released hold say, can be bought without reloading the frame.
  const button = rows
    ? `<button type="button" id="buy"${availability.buyable ? '' : ' disabled'}>${availability.buyable ? 'Buy tickets' : 'Sold out'}</button>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tickets: ${escape(event.title)}</title><style>${STYLE}</style></head>
<body><main data-checkout="${escape(checkout)}" data-event="${escape(event.id)}"${affiliate ? ` data-ref="${escape(affiliate)}"` : ''}>
<h1>${escape(event.title)}</h1><p class="meta">${escape(starts)}${place ? ` · ${escape(place)}` : ''}</p>
${rows ? `<ul aria-live="polite">${rows}</ul>` : '<p>No tickets on sale.</p>'}
${button}
<p id="status" role="status" aria-live="polite"></p>
<p class="by">Tickets by <a href="${escape(`${config.PUBLIC_URL}/event/${event.id}`)}" target="_blank" rel="noopener">${escape(config.APP_NAME)}</a></p>
</main><script src="/embed/embed.js"></script></body></html>`;
}

/** widget.js, the framed /embed page and its script (mounted at the site root). */
export const widgetRootRoutes =
  (deps: WidgetDeps & { config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const script = (body: string) => async (_request: unknown, reply: FastifyReply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        // Loaded by other sites' pages.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(body);
    app.get('/widget.js', { schema: { hide: true } }, script(WIDGET_JS));
    app.get('/embed/embed.js', { schema: { hide: true } }, script(EMBED_JS));
    app.get(
      '/embed/events/:id',
      {
        schema: {
          hide: true,
          params: z.object({ id: z.string() }),
          querystring: z.object({ ref: z.string().optional() }),
        },
        onSend: async (_request, reply, payload) => {
          reply.removeHeader('x-frame-options');
          reply.removeHeader('cross-origin-opener-policy');
          return payload;
        },
      },
      async (request, reply) => {
        reply.header('content-security-policy', embedCsp(deps.config.PUBLIC_URL));
        // Short: the frame then keeps itself current by asking for the availability.
        reply.header('cache-control', 'public, max-age=30');
        const found = z.uuid().safeParse(request.params.id).success
          ? await widget.widgetAvailability(deps, request.params.id)
          : null;
        if (!found)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(
              '<!doctype html><html lang="en"><title>Not found</title><p>This event is not on sale here.</p></html>',
            );
        // An affiliate's widget (`data-affiliate`): the checkout credits their code like a
        // promo link would; anything that is not a promo code is ignored.
        const ref = request.query.ref;
        const affiliate = ref && PROMO_CODE_PATTERN.test(ref) ? ref : null;
        return reply
          .type('text/html; charset=utf-8')
          .send(embedPage(deps.config, found, affiliate));
      },
    );
  };

const NonceParams = z.object({
  nonce: z.string().regex(widget.NONCE_FORMAT, { error: 'Not found' }),
});
const CheckoutState = z.object({
  status: z.enum(['waiting', 'complete']),
  orderId: z.string().optional(),
  eventId: z.string().optional(),
});

/** The widget checkout's API: the popup ties the id (signed in); the frame asks by it. */
export const widgetApiRoutes =
  (deps: WidgetDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/developer/widget/checkouts',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['developer'],
          summary: "Tie a ticket widget's checkout id to you and the event (the popup calls it)",
          body: z.object({
            nonce: z
              .string()
              .regex(widget.NONCE_FORMAT, { error: WIDGET_TEXT.notCheckout.message ?? '' }),
            eventId: z.uuid({ error: WIDGET_TEXT.notEvent.message ?? '' }),
          }),
          response: { 204: z.null(), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const user = await currentUser(request);
        await widget.bindCheckout(deps, { ...request.body, userId: user.id });
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/developer/widget/events/:id/availability',
      {
        schema: {
          tags: ['developer'],
          summary: "An event's ticket availability for the ticket widget (public; ETag, 304)",
          description:
            'What is left of each ticket type any buyer sees, and whether it can be bought now. Published public events only. Hidden ticket types (revealed at checkout by an access code) are never listed here, and no access code is taken: the widget sells what is on public sale. Answers carry an ETag; ask again with If-None-Match and an unchanged answer is a 304 with no body. Cached for a few seconds.',
          params: idParams(WIDGET_TEXT.notEvent.message ?? ''),
          response: {
            200: WidgetAvailabilitySchema,
            304: z.null(),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const found = await widget.widgetAvailability(deps, request.params.id);
        if (!found) throw new AppError('NOT_FOUND', msg`Event not found`);
        // Every open widget polls: browsers and shared caches may keep the answer a few seconds,
        // and revalidation with the ETag costs no body.
        reply.header('cache-control', 'public, max-age=5');
        reply.header('etag', found.etag);
        const asked = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
        if (asked?.some((tag) => tag === found.etag || tag === `W/${found.etag}`))
          return reply.status(304).send(null);
        // The body is serialized once per cached answer (its bytes are what the ETag names);
        // Fastify sends a string with a JSON content type as it is.
        return reply.type('application/json; charset=utf-8').send(found.body as never);
      },
    );
    app.get(
      '/developer/widget/checkouts/:nonce',
      {
        schema: {
          tags: ['developer'],
          summary: "Whether a ticket widget's checkout is paid (asked by the framed page)",
          params: NonceParams,
          response: { 200: CheckoutState, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return widget.checkoutState(deps, request.params.nonce);
      },
    );
  };
