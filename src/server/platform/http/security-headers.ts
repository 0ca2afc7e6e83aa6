import type { FastifyInstance } from 'fastify';

// The card payment provider the checkout may load or frame (spec §9 "a card payment provider").
const PAYMENT_PROVIDER_ORIGINS = ['https://js.stripe.com', 'https://checkout.stripe.com'];
const PAYMENT_API_ORIGIN = 'https://api.stripe.com';

/** Other sources the pages need: the ride pages' map tile server (MAP_TILE_URL). */
export interface CspExtras {
  imgSources?: readonly string[];
}

/**
 * spec §9 security headers. The CSP allows our own origin (the backend host, also as ws/wss for
 * the realtime socket), the card payment provider and the map tiles' host, nothing else.
 */
export function buildContentSecurityPolicy(publicUrl: string, extras: CspExtras = {}): string {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...PAYMENT_PROVIDER_ORIGINS],
    // Inline style attributes and the toast library's injected <style> need 'unsafe-inline';
    // scripts never do.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(extras.imgSources ?? []).filter(Boolean)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", origin.origin, socketOrigin, PAYMENT_API_ORIGIN],
    'frame-src': PAYMENT_PROVIDER_ORIGINS,
    'form-action': ["'self'", ...PAYMENT_PROVIDER_ORIGINS],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

// The desk of one event, and the installable check-in app (decision 066).
const CHECK_IN_PAGE = /^\/event\/[^/?#]+\/check-in(?:[?#]|$)|^\/check-in(?:[/?#]|$)/;
// The ride page shares the driver's live position during the trip; with the vendor
// location page below, the only pages that may ask for geolocation. `/ryder/create` is the offer
// form, not a ride.
const RIDE_PAGE = /^\/ryder\/(?!create(?:[?#]|$))[^/?#]+(?:[?#]|$)/;
// A vendor shares their position with the organizer on the event day, from this page.
const VENDOR_LOCATION_PAGE = /^\/event\/[^/?#]+\/vendor-location(?:[?#]|$)/;
// The stream set-up page goes live from the browser: camera, microphone or a shared
// screen. Loaded as a full document, like the check-in page, so this header applies.
const STREAM_SETUP_PAGE = /^\/event\/[^/?#]+\/stream(?:[?#]|$)/;
// A meeting room: camera, microphone and screen share, on this page's document only.
const MEETING_PAGE = /^\/meameet\/[^/?#]+(?:[?#]|$)/;

export function securityHeaders(publicUrl: string, extras?: CspExtras): Record<string, string> {
  return {
    'content-security-policy': buildContentSecurityPolicy(publicUrl, extras),
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Adds the headers to every response; a route that sets its own CSP (the API docs UI) keeps it. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  extras?: CspExtras,
): void {
  const headers = Object.entries(securityHeaders(publicUrl, extras));
  app.addHook('onSend', async (request, reply, payload) => {
    // The check-in page scans QR codes with the camera; no other page may use it. The SPA must
    // load that page as a full document so the browser sees this header.
    if (CHECK_IN_PAGE.test(request.url))
      reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
    else if (STREAM_SETUP_PAGE.test(request.url) || MEETING_PAGE.test(request.url))
      reply.header(
        'permissions-policy',
        'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
      );
    else if (RIDE_PAGE.test(request.url) || VENDOR_LOCATION_PAGE.test(request.url))
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
