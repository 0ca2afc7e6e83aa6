import { randomBytes } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import type {
  ChatHandoff,
  ContactInput,
  SupportStatus,
  SupportTicket,
} from '../../../contracts/content';
import { localeOrSource, type Locale } from '../../../contracts/locales';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translator } from '../../platform/i18n/translate';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { isSupportStaff } from './content.policy';
import { presentTicket, presentTicketSummary } from './content.presenter';
import * as q from './support.queries';
import type { ContentDeps } from './content.service';

type SupportDeps = Pick<ContentDeps, 'db' | 'clock' | 'jobs' | 'config'>;

const ticketNotFound = () => new AppError('NOT_FOUND', msg`Support request not found`);

function requireSupportStaff(actor: AuthUser) {
  if (!isSupportStaff(actor)) throw new AppError('FORBIDDEN', msg`Required role: moderator`);
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReference() {
  const bytes = randomBytes(6);
  return `SUP-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

async function openTicket(
  deps: SupportDeps,
  params: {
    actor: AuthUser | null;
    name: string;
    email: string;
    topic: string;
    source: 'contact' | 'chatbot';
    subject: string;
    message: string;
    /** The requester's language: the page they wrote from. */
    locale: Locale;
  },
) {
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) =>
    q.insertTicket(tx, {
      ticket: {
        reference: newReference(),
        requesterId: params.actor?.id ?? null,
        name: params.name,
        email: params.email.toLowerCase(),
        topic: params.topic,
        source: params.source,
        subject: params.subject.slice(0, 140),
        status: 'open',
        createdAt: now,
        updatedAt: now,
      },
      message: {
        authorId: params.actor?.id ?? null,
        authorName: params.name,
        fromStaff: false,
        body: params.message,
        createdAt: now,
      },
    }),
  );
  const app = deps.config.APP_NAME;
  const reference = ticket.reference;
  const name = params.name;
  const contactEmail = deps.config.CONTACT_EMAIL;
  const _ = translator(params.locale);
  await enqueueMail(
    deps.jobs,
    renderMail({
      to: ticket.email,
      locale: params.locale,
      subject: _(msg`[${reference}] We received your message`),
      appName: app,
      greeting: _(msg`Hi ${name},`),
      paragraphs: [
        _(
          msg`Thanks for contacting ${app} support. Your request has the reference ${reference}; a person from our team will answer by email, usually within one working day.`,
        ),
        `${_(msg`Your message:`)}\n${params.message}`,
      ],
      footer: _(msg`Reply to this email or quote ${reference} when you write to ${contactEmail}.`),
    }),
  );
  // Each staff member reads the alert in their own language.
  const staff = await q.findSupportStaff(deps.db);
  const email = ticket.email;
  const topic = params.topic;
  const subject = ticket.subject;
  for (const member of staff) {
    const locale = localeOrSource(member.language);
    const t = translator(locale);
    await enqueueMail(
      deps.jobs,
      renderMail({
        to: member.email,
        locale,
        subject: t(msg`New support request ${reference}: ${subject}`),
        appName: app,
        greeting: t(msg`Hi,`),
        paragraphs: [t(msg`${name} <${email}> wrote (${topic}):`), params.message],
        action: {
          label: t(msg`Open the support inbox`),
          url: `${deps.config.PUBLIC_URL}/admin/support`,
        },
      }),
    );
  }
  return ticket;
}

/** The contact form. A filled-in honeypot gets the same answer and creates nothing. */
export async function submitContact(
  deps: SupportDeps,
  params: { actor: AuthUser | null; input: ContactInput; locale: Locale },
) {
  if (params.input.website) return { reference: newReference() };
  const firstLine = params.input.message.split('\n')[0] ?? '';
  const ticket = await openTicket(deps, {
    actor: params.actor,
    name: params.input.name,
    email: params.input.email,
    topic: params.input.topic,
    source: 'contact',
    subject: firstLine.length > 80 ? `${firstLine.slice(0, 77)}…` : firstLine,
    message: params.input.message,
    locale: params.locale,
  });
  return { reference: ticket.reference };
}

/** "Talk to a person" from the assistant: a support request carrying the conversation. */
export async function chatHandoff(
  deps: SupportDeps,
  params: { actor: AuthUser | null; input: ChatHandoff; locale: Locale },
) {
  if (params.input.website) return { reference: newReference() };
  const firstQuestion = params.input.transcript.find((m) => m.from === 'you')?.text ?? 'Chat';
  const transcript = params.input.transcript
    .map((m) => `${m.from === 'you' ? params.input.name : 'Assistant'}: ${m.text}`)
    .join('\n\n');
  const ticket = await openTicket(deps, {
    actor: params.actor,
    name: params.input.name,
    email: params.input.email,
    topic: 'general',
    source: 'chatbot',
    subject: firstQuestion.slice(0, 80),
    message: `Conversation with the assistant:\n\n${transcript}`,
    locale: params.locale,
  });
  return { reference: ticket.reference };
}

async function loadTicket(deps: Pick<ContentDeps, 'db'>, params: { id: string; actor: AuthUser }) {
  const ticket = await q.findTicket(deps.db, {
    id: params.id,
    viewerId: params.actor.id,
    asStaff: isSupportStaff(params.actor),
  });
  if (!ticket) throw ticketNotFound();
  return ticket;
}

export async function getTicket(
  deps: Pick<ContentDeps, 'db'>,
  params: { id: string; actor: AuthUser },
): Promise<SupportTicket> {
  return presentTicket(await loadTicket(deps, params));
}

export async function myTickets(deps: Pick<ContentDeps, 'db'>, actor: AuthUser) {
  return {
    items: (await q.findTicketsOfRequester(deps.db, { userId: actor.id })).map(
      presentTicketSummary,
    ),
  };
}

export async function ticketQueue(
  deps: Pick<ContentDeps, 'db'>,
  params: { actor: AuthUser; status?: SupportStatus },
) {
  requireSupportStaff(params.actor);
  return { items: (await q.findTicketQueue(deps.db, params)).map(presentTicketSummary) };
}

/**
 * A reply: from staff it is mailed to the requester and leaves the ticket pending (waiting on
 * them) unless they choose a status; from the requester it reopens the ticket.
 */
export async function replyToTicket(
  deps: SupportDeps,
  params: { id: string; actor: AuthUser; body: string; status?: SupportStatus },
) {
  const ticket = await loadTicket(deps, params);
  const staff = isSupportStaff(params.actor);
  const now = deps.clock.now();
  await q.addTicketMessage(deps.db, {
    ticketId: ticket.id,
    message: {
      authorId: params.actor.id,
      authorName: staff
        ? `${params.actor.fullName} (${deps.config.APP_NAME} support)`
        : params.actor.fullName,
      fromStaff: staff,
      body: params.body,
      createdAt: now,
    },
    status: staff ? (params.status ?? 'pending') : 'open',
    now,
  });
  if (staff) {
    // In the language of the requester's account; English for someone who wrote without one.
    const locale = localeOrSource(await q.languageOfUser(deps.db, { userId: ticket.requesterId }));
    const _ = translator(locale);
    const name = ticket.name;
    const reference = ticket.reference;
    const contactEmail = deps.config.CONTACT_EMAIL;
    await enqueueMail(
      deps.jobs,
      renderMail({
        to: ticket.email,
        locale,
        subject: `[${ticket.reference}] ${ticket.subject}`,
        appName: deps.config.APP_NAME,
        greeting: _(msg`Hi ${name},`),
        paragraphs: [params.body],
        action: ticket.requesterId
          ? {
              label: _(msg`See the conversation`),
              url: `${deps.config.PUBLIC_URL}/contact?ticket=${ticket.id}`,
            }
          : undefined,
        footer: _(msg`Reference ${reference}. Reply by writing to ${contactEmail}.`),
      }),
    );
  }
  return getTicket(deps, params);
}

export async function setTicketStatus(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { id: string; actor: AuthUser; status: SupportStatus },
) {
  requireSupportStaff(params.actor);
  if (!(await q.setTicketStatus(deps.db, { ...params, now: deps.clock.now() })))
    throw ticketNotFound();
  return getTicket(deps, params);
}
