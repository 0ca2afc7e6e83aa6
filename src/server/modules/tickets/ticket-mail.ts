import { msg, plural } from '@lingui/core/macro';
import { localeOrSource } from '../../../contracts/locales';
import type { Config } from '../../config';
import { translator } from '../../platform/i18n/translate';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import type { MailAttachment } from '../../platform/mail/mailer';
import { renderMail } from '../../platform/mail/templates';
import { formatMoney } from '../../../contracts/money';
import { orderTaxSummary } from '../taxes/taxes.service';
import { ticketPdf } from './ticket-documents';
import { findLanguagesOfEmails } from './tickets.queries';
import { listOrderTickets, type TicketDeps } from './ticket-reads';

/** What another document adds to the confirmation mail (the order's invoice, decision 074). */
export interface MailEnclosure {
  /** Written in the mail's language, given by `locale`. */
  paragraphs: (locale: string) => string[];
  attachments: MailAttachment[];
}

/**
 * The wallet buttons of each ticket (by id) for the passes set up for its event. The wallet
 * module provides them (decision 089); commerce only asks, so it never imports that module.
 */
export type TicketMailLinks = (
  deps: TicketDeps & { config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'> },
  tickets: readonly { id: string; event: { id: string } }[],
) => Promise<Map<string, { apple?: string; google?: string }>>;

/**
 * The confirmation mail after an order is fulfilled, with each ticket attached as a PDF and
 * whatever `enclosure` adds. It leaves through the mail job, so a slow mail server never holds
 * up a purchase. Mail and PDFs are in the holder's language: their account's, English without
 * one. False when nothing was sent (no tickets, or a walk-in without an address).
 */
export async function sendTicketsMail(
  deps: TicketDeps & {
    jobs: JobQueue;
    config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
    mailLinks?: TicketMailLinks;
  },
  orderId: string,
  enclosure?: MailEnclosure,
  /** Another address than the holder's: the box office mails a sale's tickets on request. */
  to?: string,
): Promise<boolean> {
  const issued = await listOrderTickets(deps, orderId);
  const first = issued[0];
  const recipient = to ?? first?.holderEmail;
  // A walk-in sold at the door without an address holds an account under the reserved
  // `.invalid` domain (decision 070), which takes no mail.
  if (!first || !recipient || recipient.endsWith('.invalid')) return false;
  const languages = await findLanguagesOfEmails(deps.db, [recipient]);
  const locale = localeOrSource(languages.get(recipient.toLowerCase()));
  const _ = translator(locale);
  const eventTitles = [...new Set(issued.map((t) => t.event.title))].join(', ');
  const count = issued.length;
  // A walk-in may have given no name: the mail then greets the address it goes to.
  const name = first.holderName || recipient;
  const taxLines = await mailTaxLines(deps, orderId, _, locale);
  // Wallet buttons only for the passes set up for the event (decision 089).
  const wallets = deps.mailLinks ? await deps.mailLinks(deps, issued) : new Map();
  const several = issued.length > 1;
  const walletButtons = issued.flatMap((t) => {
    const links = wallets.get(t.id);
    const which = several ? ` · ${t.ticketTypeName}${t.seat ? ` · ${t.seat}` : ''}` : '';
    return [
      ...(links?.apple
        ? [{ label: `${_(msg`Add to Apple Wallet`)}${which}`, url: links.apple }]
        : []),
      ...(links?.google
        ? [{ label: `${_(msg`Save to Google Wallet`)}${which}`, url: links.google }]
        : []),
    ];
  });
  const message = renderMail({
    to: recipient,
    locale,
    subject: _(
      msg`${plural(count, {
        one: `Your ticket for ${eventTitles}`,
        other: `Your # tickets for ${eventTitles}`,
      })}`,
    ),
    appName: deps.config.APP_NAME,
    greeting: _(msg`Hi ${name},`),
    paragraphs: [
      _(
        msg`${plural(count, {
          one: `Your ticket for ${eventTitles} is attached as PDF. Show the QR code at the entrance.`,
          other: `Your # tickets for ${eventTitles} are attached as PDF. Show the QR code at the entrance.`,
        })}`,
      ),
      ...issued.map(
        (t) =>
          `${t.ticketTypeName}${t.seat ? ` · ${t.seat}` : ''} · ${t.event.title}: ${deps.config.PUBLIC_URL}/ticket/${t.id}`,
      ),
      ...taxLines,
      ...(enclosure?.paragraphs(locale) ?? []),
    ],
    action: {
      label: _(msg`View your receipt`),
      url: `${deps.config.PUBLIC_URL}/receipt?order=${orderId}`,
    },
    links: walletButtons,
  });
  await enqueueMail(deps.jobs, {
    ...message,
    attachments: [
      ...(await Promise.all(
        issued.map(async (ticket, i) => ({
          filename: `ticket-${i + 1}.pdf`,
          contentType: 'application/pdf',
          contentBase64: (await ticketPdf(ticket, deps.config.APP_NAME, locale)).toString('base64'),
        })),
      )),
      ...(enclosure?.attachments ?? []),
    ],
  });
  return true;
}

/**
 * The order's net, its tax per rate and its gross, one paragraph each, when the order was taxed
 * or reverse charged; nothing for an untaxed order.
 */
async function mailTaxLines(
  deps: TicketDeps,
  orderId: string,
  _: ReturnType<typeof translator>,
  locale: string,
): Promise<string[]> {
  const summary = await orderTaxSummary(deps.db, orderId);
  if (summary.tax === 0 && !summary.reverseCharge) return [];
  const money = (cents: number) => formatMoney(cents, summary.currency, { locale });
  const net = money(summary.net);
  const gross = money(summary.gross);
  return [
    _(msg`Net: ${net}`),
    ...summary.byRate
      .filter((group) => group.tax > 0)
      .map((group) => {
        const taxName = group.taxName ?? '';
        const percent = String(group.rateThousandths / 1000);
        const amount = money(group.tax);
        return _(msg`${taxName} (${percent} %): ${amount}`);
      }),
    ...(summary.reverseCharge ? [_(msg`VAT reverse charged`)] : []),
    _(msg`Total: ${gross}`),
  ];
}
