import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../platform/mail/templates';

// The small pages of our own that links opened from mail, and the hosted sign-up form, answer
// with: plain HTML, no app bundle, so they work in any mail client's browser.

interface MailPage {
  title: string;
  /** HTML; every value from outside is escaped where the page is built. */
  body: string;
  status?: number;
}

export function sendPage(reply: FastifyReply, appName: string, page: MailPage) {
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)} · ${escapeHtml(appName)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1>${page.body}<p><a href="/">${escapeHtml(appName)}</a></p></main></body></html>`,
    );
}

/** A public list's hosted sign-up form (a page to link to). */
export const signUpFormPage = (list: { id: string; name: string; description: string }) => ({
  title: list.name,
  body: `<p>${escapeHtml(list.description)}</p><form method="post" action="/api/marketing/public/lists/${list.id}/subscribe"><p><label>Email <input name="email" type="email" required autocomplete="email"></label></p><p><label>Name <input name="name" autocomplete="name"></label></p><button type="submit">Subscribe</button></form>`,
});

/** After the hosted form: subscribed, or a confirmation link is on its way. */
export const signedUpPage = (result: 'subscribed' | 'confirm') =>
  result === 'confirm'
    ? {
        title: 'Check your inbox',
        body: '<p>We sent you a link to confirm your subscription.</p>',
      }
    : { title: 'You are subscribed', body: '<p>Thank you.</p>' };

/** The double opt-in link, followed. */
export const confirmedPage = (ok: boolean): MailPage =>
  ok
    ? { title: 'You are subscribed', body: '<p>Thank you for confirming.</p>' }
    : {
        title: 'Link not valid',
        body: '<p>This confirmation link is not valid.</p>',
        status: 404,
      };

/** The visible unsubscribe link: one button, which posts the RFC 8058 one-click form. */
export const unsubscribeFormPage = (token: string) => ({
  title: 'Unsubscribe',
  body: `<form method="post" action="/api/marketing/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p>Stop receiving these emails?</p><button type="submit">Unsubscribe</button></form>`,
});

export const unsubscribedPage = (email: string) => ({
  title: 'You are unsubscribed',
  body: `<p>${escapeHtml(email)} will get no more emails from this sender.</p>`,
});

/** A tracked link whose token does not check out. */
export const linkNotValidPage: MailPage = {
  title: 'Link not valid',
  body: '<p>This link is not valid.</p>',
  status: 404,
};
