import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRightToLeft, type Locale } from '../../../contracts/locales';
import { requestLocale } from '../../platform/i18n/request-locale';
import { translator } from '../../platform/i18n/translate';
import { escapeHtml } from '../../platform/mail/templates';

// The small pages of our own that links opened from mail, and the hosted sign-up form, answer
// with: plain HTML, no app bundle, so they work in any mail client's browser. Their words are
// in the reader's language (the request's); list names and descriptions stay as the organizer
// wrote them.

interface MailPage {
  title: string;
  /** HTML; every value from outside is escaped where the page is built. */
  body: string;
  status?: number;
}

/** `_(msg\`…\`)` in the page's language (platform/i18n/translate.ts `translator`). */
type Translate = (message: MessageDescriptor) => string;

/** The request's language and its translator, for a page and the mail it may send. */
export async function pageLanguage(request: FastifyRequest) {
  const locale = await requestLocale(request);
  return { locale, _: translator(locale) };
}

export function sendPage(reply: FastifyReply, appName: string, page: MailPage, locale: Locale) {
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)} · ${escapeHtml(appName)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1>${page.body}<p><a href="/">${escapeHtml(appName)}</a></p></main></body></html>`,
    );
}

/** A public list's hosted sign-up form (a page to link to). */
export const signUpFormPage = (
  list: { id: string; name: string; description: string },
  _: Translate,
) => ({
  title: list.name,
  body: `<p>${escapeHtml(list.description)}</p><form method="post" action="/api/marketing/public/lists/${list.id}/subscribe"><p><label>${escapeHtml(_(msg`Email`))} <input name="email" type="email" required autocomplete="email"></label></p><p><label>${escapeHtml(_(msg`Name`))} <input name="name" autocomplete="name"></label></p><button type="submit">${escapeHtml(_(msg`Subscribe`))}</button></form>`,
});

/** After the hosted form: subscribed, or a confirmation link is on its way. */
export const signedUpPage = (result: 'subscribed' | 'confirm', _: Translate) =>
  result === 'confirm'
    ? {
        title: _(msg`Check your inbox`),
        body: `<p>${escapeHtml(_(msg`We sent you a link to confirm your subscription.`))}</p>`,
      }
    : { title: _(msg`You are subscribed`), body: `<p>${escapeHtml(_(msg`Thank you.`))}</p>` };

/** The double opt-in link, followed. */
export const confirmedPage = (ok: boolean, _: Translate): MailPage =>
  ok
    ? {
        title: _(msg`You are subscribed`),
        body: `<p>${escapeHtml(_(msg`Thank you for confirming.`))}</p>`,
      }
    : {
        title: _(msg`Link not valid`),
        body: `<p>${escapeHtml(_(msg`This confirmation link is not valid.`))}</p>`,
        status: 404,
      };

/** The visible unsubscribe link: one button, which posts the RFC 8058 one-click form. */
export const unsubscribeFormPage = (token: string, _: Translate) => ({
  title: _(msg`Unsubscribe`),
  body: `<form method="post" action="/api/marketing/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p>${escapeHtml(_(msg`Stop receiving these emails?`))}</p><button type="submit">${escapeHtml(_(msg`Unsubscribe`))}</button></form>`,
});

export const unsubscribedPage = (email: string, _: Translate) => ({
  title: _(msg`You are unsubscribed`),
  body: `<p>${escapeHtml(_(msg`${email} will get no more emails from this sender.`))}</p>`,
});

/** A tracked link whose token does not check out. */
export const linkNotValidPage = (_: Translate): MailPage => ({
  title: _(msg`Link not valid`),
  body: `<p>${escapeHtml(_(msg`This link is not valid.`))}</p>`,
  status: 404,
});
