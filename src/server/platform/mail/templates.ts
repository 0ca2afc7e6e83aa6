import { msg } from '@lingui/core/macro';
import { isRightToLeft, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { i18nFor } from '../i18n/translate';
import type { MailMessage } from './mailer';

/** Text made safe to place in HTML (mail bodies, the dev mailbox pages). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * One plain layout for every mail: a greeting, paragraphs, an optional button, a footer; in the
 * recipient's language and direction (the texts come translated, the layout's own words here).
 */
export function renderMail(params: {
  to: string;
  /** The language the texts are in (English when not given). */
  locale?: Locale;
  subject: string;
  appName: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Smaller buttons after the action (a ticket's wallet passes). */
  links?: { label: string; url: string }[];
  footer?: string;
}): MailMessage {
  const { action } = params;
  const links = params.links ?? [];
  const locale = params.locale ?? SOURCE_LOCALE;
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  const openLink = i18nFor(locale)._(msg`Or open this link:`);
  const text = [
    params.greeting,
    '',
    ...params.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    params.footer ?? `— ${params.appName}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#4c1d95">${escapeHtml(params.appName)}</h1>
<p>${escapeHtml(params.greeting)}</p>
${params.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(openLink)} ${escapeHtml(action.url)}</p>` : ''}
${links.map((link) => `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;border:1px solid #6d28d9;color:#4c1d95;padding:8px 14px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`).join('\n')}
<p style="font-size:12px;color:#6b7280;overflow-wrap:anywhere">${escapeHtml(params.footer ?? `— ${params.appName}`)}</p>
</body></html>`;
  return { to: params.to, subject: params.subject, text, html };
}
