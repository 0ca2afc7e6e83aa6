import { msg, plural } from '@lingui/core/macro';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import { renderMail } from '../../platform/mail/templates';

type MailConfig = Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;

// Mail to a person on a waiting list is written in their language: their account's, or the
// language of the page they joined from when they have no account (decision 054).

export const placeUrl = (config: MailConfig, token: string) =>
  `${config.PUBLIC_URL}/waitlist/${encodeURIComponent(token)}`;

/** The deadline as the event's attendees read times: in the event's zone, named. */
export function deadlineText(locale: Locale, at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return at.toISOString();
  }
}

interface Place {
  email: string;
  language: string | null;
  eventTitle: string;
  ticketTypeName: string;
  token: string;
}

/** Signed out: the link proves the address is theirs before the place enters the line. */
export function confirmPlaceMail(config: MailConfig, place: Place) {
  const locale = localeOrSource(place.language);
  const _ = translator(locale);
  const appName = config.APP_NAME;
  const event = place.eventTitle;
  const ticket = place.ticketTypeName;
  return renderMail({
    to: place.email,
    locale,
    subject: _(msg`Confirm your place on the waiting list for ${event}`),
    appName,
    greeting: _(msg`Hi,`),
    paragraphs: [
      _(
        msg`Someone asked to join the waiting list for “${ticket}” at ${event} with this email address.`,
      ),
      _(
        msg`Please confirm to take your place in line. We will email you when tickets become available.`,
      ),
    ],
    action: { label: _(msg`Confirm my place`), url: placeUrl(config, place.token) },
    footer: _(
      msg`If you didn't ask for this, ignore this email: nothing happens without the link.`,
    ),
  });
}

/** In line: where to see and leave the place. */
export function joinedMail(config: MailConfig, place: Place) {
  const locale = localeOrSource(place.language);
  const _ = translator(locale);
  const appName = config.APP_NAME;
  const event = place.eventTitle;
  const ticket = place.ticketTypeName;
  return renderMail({
    to: place.email,
    locale,
    subject: _(msg`You're on the waiting list for ${event}`),
    appName,
    greeting: _(msg`Hi,`),
    paragraphs: [
      _(msg`You're on the waiting list for “${ticket}” at ${event}.`),
      _(
        msg`When tickets become available, the next people in line get an offer by email. You can see your place or leave the list at any time.`,
      ),
    ],
    action: { label: _(msg`See my place`), url: placeUrl(config, place.token) },
  });
}

/** The offer: tickets set aside until the deadline. */
export function offerMail(
  config: MailConfig,
  offer: Place & { quantity: number; expiresAt: Date; timeZone: string },
) {
  const locale = localeOrSource(offer.language);
  const _ = translator(locale);
  const appName = config.APP_NAME;
  const event = offer.eventTitle;
  const ticket = offer.ticketTypeName;
  const count = offer.quantity;
  const deadline = deadlineText(locale, offer.expiresAt, offer.timeZone);
  return renderMail({
    to: offer.email,
    locale,
    subject: _(msg`Tickets are waiting for you: ${event}`),
    appName,
    greeting: _(msg`Good news!`),
    paragraphs: [
      _(
        msg`${plural(count, { one: `# ticket for “${ticket}” at ${event} is set aside for you.`, other: `# tickets for “${ticket}” at ${event} are set aside for you.` })}`,
      ),
      _(
        msg`The offer holds until ${deadline}. After that the tickets go to the next person in line.`,
      ),
    ],
    action: { label: _(msg`Buy my tickets`), url: placeUrl(config, offer.token) },
    footer: _(
      msg`Can't go? Open the link and decline, so the next person gets the tickets sooner.`,
    ),
  });
}

/** The in-app notification of an offer (written in the recipient's language by notifications). */
export function offerNotice(offer: { eventTitle: string; quantity: number }) {
  const event = offer.eventTitle;
  const count = offer.quantity;
  return {
    title: msg`Tickets from the waiting list`,
    message: msg`${plural(count, { one: `# ticket for ${event} is set aside for you. Buy it before the offer ends.`, other: `# tickets for ${event} are set aside for you. Buy them before the offer ends.` })}`,
  };
}
