import { msg } from '@lingui/core/macro';
import sharp from 'sharp';
import type { BadgeSize } from '../../../contracts/badge-layout';
import {
  BADGE_PRINT_MAX,
  type BadgeTemplate,
  type BadgeTemplateInput,
  type BadgeTemplateList,
} from '../../../contracts/badges';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { keyOfUrl, type FileStore } from '../../platform/storage/storage';
import { lockManagedEvent } from '../events/events.service';
import { currentTicketCodes, type TicketDeps } from '../tickets/tickets.service';
import { badgesPdf } from './badge-pdf';
import {
  deleteTemplateRow,
  findBadgeHolders,
  findOrganizerPicture,
  findSubtitleQuestions,
  findTemplate,
  findTemplatesOfEvent,
  insertTemplate,
  updateTemplateRow,
} from './badges.queries';

export interface BadgeDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  tickets: TicketDeps;
  appName: string;
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

const presentTemplate = (row: TemplateRow): BadgeTemplate => ({
  id: row.id,
  eventId: row.eventId,
  name: row.name,
  size: row.size as BadgeSize,
  subtitleQuestionId: row.subtitleQuestionId,
  showTicketType: row.showTicketType,
  showQr: row.showQr,
  showLogo: row.showLogo,
  updatedAt: row.updatedAt.toISOString(),
});

// Who may do what (decision 075): the people who set the event up edit its templates; door staff
// (check-in, box office) read them and print, as they admit guests.
const EDIT = { lock: false, permission: 'event.edit' } as const;
const PRINT = { lock: false, permission: 'check_in' } as const;

async function checkQuestion(deps: BadgeDeps, eventId: string, input: BadgeTemplateInput) {
  if (!input.subtitleQuestionId) return;
  const questions = await findSubtitleQuestions(deps.db, { eventId });
  if (questions.some((question) => question.id === input.subtitleQuestionId)) return;
  throw new AppError('VALIDATION_FAILED', msg`Please choose a question of this event`, {
    fields: [
      { field: 'body.subtitleQuestionId', message: 'Please choose a question of this event' },
    ],
  });
}

/** A template of an event the actor may reach with `options`; another event's is not found. */
async function templateFor(
  deps: BadgeDeps,
  params: { id: string; actor: AuthUser },
  options: typeof EDIT | typeof PRINT,
) {
  const row = await findTemplate(deps.db, { id: params.id });
  if (!row) throw new AppError('NOT_FOUND', msg`Badge template not found`);
  await lockManagedEvent(deps.db, { eventId: row.eventId, actor: params.actor }, options);
  return row;
}

export async function listTemplates(
  deps: BadgeDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<BadgeTemplateList> {
  await lockManagedEvent(deps.db, params, PRINT);
  const [templates, questions, picture] = await Promise.all([
    findTemplatesOfEvent(deps.db, params),
    findSubtitleQuestions(deps.db, params),
    findOrganizerPicture(deps.db, params),
  ]);
  return {
    templates: templates.map(presentTemplate),
    questions,
    hasLogo: picture !== null && keyOfUrl(picture) !== null,
  };
}

export async function createTemplate(
  deps: BadgeDeps,
  params: { eventId: string; actor: AuthUser; input: BadgeTemplateInput },
): Promise<BadgeTemplate> {
  await lockManagedEvent(deps.db, params, EDIT);
  await checkQuestion(deps, params.eventId, params.input);
  const row = await insertTemplate(deps.db, { ...params, at: deps.clock.now() });
  if (!row) throw new AppError('INTERNAL', msg`The template could not be saved`);
  return presentTemplate(row);
}

export async function updateTemplate(
  deps: BadgeDeps,
  params: { id: string; actor: AuthUser; input: BadgeTemplateInput },
): Promise<BadgeTemplate> {
  const existing = await templateFor(deps, params, EDIT);
  await checkQuestion(deps, existing.eventId, params.input);
  const row = await updateTemplateRow(deps.db, { ...params, at: deps.clock.now() });
  if (!row) throw new AppError('NOT_FOUND', msg`Badge template not found`);
  return presentTemplate(row);
}

export async function deleteTemplate(deps: BadgeDeps, params: { id: string; actor: AuthUser }) {
  await templateFor(deps, params, EDIT);
  await deleteTemplateRow(deps.db, params);
}

/** A printable text of an answer: a list joined, anything else as its text. */
function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

/** The organizer's picture as a PNG small enough for a badge, or null (none, or not ours). */
async function readLogo(deps: BadgeDeps, eventId: string): Promise<Buffer | null> {
  const key = keyOfUrl((await findOrganizerPicture(deps.db, { eventId })) ?? '');
  if (!key) return null;
  const file = await deps.files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return sharp(Buffer.concat(chunks))
    .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/**
 * Badges as one PDF, sorted by name in the reader's language: one ticket (printed at the desk
 * after admission), or every ticket that is not refunded matching the filter.
 */
export async function printBadges(
  deps: BadgeDeps,
  params: {
    id: string;
    actor: AuthUser;
    locale: string;
    filter: { ticket?: string; q: string; types: string[]; checkedIn: boolean };
  },
): Promise<{ pdf: Buffer; filename: string; count: number }> {
  const template = await templateFor(deps, params, PRINT);
  const holders = await findBadgeHolders(deps.db, {
    eventId: template.eventId,
    ticketId: params.filter.ticket,
    q: params.filter.q,
    typeIds: params.filter.types,
    checkedIn: params.filter.checkedIn,
    subtitleQuestionId: template.subtitleQuestionId,
    limit: BADGE_PRINT_MAX + 1,
  });
  if (params.filter.ticket && holders.length === 0)
    throw new AppError('NOT_FOUND', msg`This ticket is not on this event's list`);
  if (holders.length === 0)
    throw new AppError('NOT_FOUND', msg`No attendees match: there are no badges to print`);
  if (holders.length > BADGE_PRINT_MAX)
    throw new AppError(
      'VALIDATION_FAILED',
      msg`At most ${BADGE_PRINT_MAX} badges print at once: choose ticket types or a name`,
      { fields: [{ field: 'query.types', message: 'Too many badges at once' }] },
    );
  const collator = new Intl.Collator(params.locale, { sensitivity: 'base' });
  holders.sort((a, b) => collator.compare(a.holderName, b.holderName));
  const codes = template.showQr ? await currentTicketCodes(deps.tickets, holders) : null;
  const logoPng = template.showLogo ? await readLogo(deps, template.eventId) : null;
  const pdf = await badgesPdf({
    size: template.size as BadgeSize,
    logoPng,
    title: template.name,
    appName: deps.appName,
    badges: holders.map((holder) => ({
      name: holder.holderName,
      subtitle: answerText(holder.subtitle),
      ticketType: template.showTicketType ? holder.ticketTypeName : '',
      code: codes?.get(holder.id) ?? '',
      hasLogo: logoPng !== null,
    })),
  });
  const filename = params.filter.ticket
    ? `badge-${params.filter.ticket.slice(0, 8)}.pdf`
    : `badges-${template.id.slice(0, 8)}.pdf`;
  return { pdf, filename, count: holders.length };
}
