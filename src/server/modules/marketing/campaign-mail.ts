import { createHmac, timingSafeEqual } from 'node:crypto';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { convert } from 'html-to-text';
import { JSDOM } from 'jsdom';
import { msg } from '@lingui/core/macro';
import { isRightToLeft, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { translator } from '../../platform/i18n/translate';
import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/mail/templates';
import { signToken } from './tokens';

let purifier: DOMPurify | undefined;
/** One jsdom window for the process, made on first use (it costs ~100 ms; most starts never need it). */
function purify(): DOMPurify {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return purifier;
}

/**
 * What an organizer's rich text may hold in a mail: formatting, links, images. No scripts,
 * styles sheets, forms or frames; links only to http(s) and mailto.
 */
export function sanitizeCampaignHtml(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'h1',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'hr',
      'img',
      'span',
      'div',
    ],
    ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'width', 'height'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\{\{)/i,
  });
}

/** The plain-text part, generated from the HTML (links kept as "text [url]"). */
export function textFromHtml(html: string): string {
  return convert(html, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });
}

export interface Recipient {
  email: string;
  name: string;
  attributes: Record<string, string>;
  /** The language of the subscriber's account, if they have one: the footer's language. */
  language?: Locale;
}

/** The campaign's event, for {{event.title}}, {{event.date}}, {{event.location}}, {{event.url}}. */
export interface MergeEvent {
  title: string;
  date: string;
  location: string;
  url: string;
}

/** An event's start in its own time zone, as people read it ("Saturday, March 7, 2026 at 8:00 PM"). */
export function eventDate(startsAt: Date, timezone: string): string {
  // ICU puts a narrow no-break space before AM/PM; a plain one reads the same in every mail program.
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone })
      .format(startsAt)
      .replace(/[\u202f\u00a0]/g, ' ');
  try {
    return format(timezone);
  } catch {
    // A zone the runtime does not know: UTC, said so.
    return `${format('UTC')} UTC`;
  }
}

/**
 * Replaces {{name}}, {{first_name}}, {{email}}, {{attr.KEY}} and {{event.*}}. In the HTML part
 * every value is escaped: a subscriber named `<script>` stays text. An {{event.*}} field without
 * an event is left empty.
 */
export function mergeFields(
  template: string,
  r: Recipient,
  escape: boolean,
  event?: MergeEvent | null,
): string {
  return template.replace(/\{\{\s*([a-z_]+(?:\.[\w-]+)?)\s*\}\}/gi, (whole, key: string) => {
    const k = key.toLowerCase();
    let value: string | undefined;
    if (k === 'name') value = r.name || 'there';
    else if (k === 'first_name') value = (r.name.split(/\s+/)[0] ?? '') || 'there';
    else if (k === 'email') value = r.email;
    else if (k.startsWith('attr.')) value = r.attributes[key.slice(5)] ?? '';
    else if (k === 'event.title') value = event?.title ?? '';
    else if (k === 'event.date') value = event?.date ?? '';
    else if (k === 'event.location') value = event?.location ?? '';
    else if (k === 'event.url') value = event?.url ?? '';
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

export interface CampaignMailInput {
  id: string;
  ownerId: string;
  subject: string;
  preheader: string;
  fromName: string;
  bodyHtml: string;
  bodyText: string;
  trackOpens: boolean;
  trackClicks: boolean;
}

export interface MailConfig {
  APP_NAME: string;
  PUBLIC_URL: string;
  SESSION_SECRET: string;
}

export const unsubscribeUrl = (config: MailConfig, campaignId: string, email: string) =>
  `${config.PUBLIC_URL}/api/marketing/unsubscribe?token=${signToken(config.SESSION_SECRET, 'unsubscribe', [campaignId, email])}`;

/** The manage-preferences page of one address with one sender (no sign-in: the link is the key). */
export const preferencesUrl = (config: MailConfig, ownerId: string, email: string) =>
  `${config.PUBLIC_URL}/email-preferences?token=${signToken(config.SESSION_SECRET, 'preferences', [ownerId, email])}`;

const messageMac = (config: MailConfig, campaignId: string, email: string) =>
  createHmac('sha256', config.SESSION_SECRET)
    .update(`message-id\n${campaignId}\n${email.toLowerCase()}`)
    .digest()
    .subarray(0, 16);

/**
 * The Message-ID of one recipient's campaign mail: `<m.{campaign}.{mac}@{host}>`. Bounce and
 * complaint reports name the message by it, so it says which campaign without a lookup table,
 * and the MAC (over campaign + address) ties it to the one recipient without putting the address
 * in a header that travels with replies and forwards.
 */
export function campaignMessageId(config: MailConfig, campaignId: string, email: string): string {
  const host = new URL(config.PUBLIC_URL).hostname || 'localhost';
  return `<m.${campaignId}.${messageMac(config, campaignId, email).toString('base64url')}@${host}>`;
}

/** The campaign a reported Message-ID was ours for this recipient, or null. */
export function campaignOfMessageId(
  config: MailConfig,
  messageId: string,
  email: string,
): string | null {
  const match = /^<?m\.([0-9a-f-]{36})\.([\w-]{22})@[^>]*>?$/i.exec(messageId.trim());
  if (!match) return null;
  const [, campaignId, mac] = match as unknown as [string, string, string];
  const given = Buffer.from(mac, 'base64url');
  const expected = messageMac(config, campaignId.toLowerCase(), email);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? campaignId.toLowerCase()
    : null;
}

/** One recipient's mail: merged, links tracked (when asked), a pixel (when asked), a footer. */
export function campaignMail(
  config: MailConfig,
  campaign: CampaignMailInput,
  r: Recipient,
  event?: MergeEvent | null,
): MailMessage {
  const unsubscribe = unsubscribeUrl(config, campaign.id, r.email);
  const preferences = preferencesUrl(config, campaign.ownerId, r.email);
  const messageId = campaignMessageId(config, campaign.id, r.email);
  let html = mergeFields(campaign.bodyHtml, r, true, event);
  if (campaign.trackClicks) {
    html = html.replace(/href="(https?:\/\/[^"]+)"/g, (_m, url: string) => {
      const token = signToken(config.SESSION_SECRET, 'click', [campaign.id, r.email, url]);
      return `href="${config.PUBLIC_URL}/api/marketing/t/click?token=${token}"`;
    });
  }
  const pixel = campaign.trackOpens
    ? `<img src="${config.PUBLIC_URL}/api/marketing/t/open.gif?token=${signToken(config.SESSION_SECRET, 'open', [campaign.id, r.email])}" width="1" height="1" alt="">`
    : '';
  const preheader = campaign.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(mergeFields(campaign.preheader, r, false, event))}</div>`
    : '';
  // The organizer's content stays as written; the footer is ours, in the subscriber's language.
  const locale = r.language ?? SOURCE_LOCALE;
  const _ = translator(locale);
  const listOwner = campaign.fromName || config.APP_NAME;
  const why = _(msg`You get this email because you subscribed to ${listOwner}'s list.`);
  const manage = _(msg`Manage preferences`);
  const leave = _(msg`Unsubscribe`);
  // Only the footer carries the language and direction: the content's language is unknown.
  const lang = `lang="${locale}" dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}"`;
  const footer = `<p ${lang} style="font-size:12px;color:#6b7280">${escapeHtml(why)} <a href="${escapeHtml(preferences)}">${escapeHtml(manage)}</a> · <a href="${escapeHtml(unsubscribe)}">${escapeHtml(leave)}</a></p>`;
  return {
    to: r.email,
    subject: mergeFields(campaign.subject, r, false, event),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:600px;margin:0 auto;padding:24px">${preheader}${html}${footer}${pixel}</body></html>`,
    text: `${mergeFields(campaign.bodyText, r, false, event)}\n\n--\n${manage}: ${preferences}\n${leave}: ${unsubscribe}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': messageId,
      // Some providers (Amazon SES) replace the Message-ID; their reports keep this header.
      'X-MEA-Message-ID': messageId,
    },
  };
}
