import type { TicketStatus } from '../../../contracts/tickets';

/**
 * Until when an attendee may change their answers: the organizer's cut-off, or else the start
 * of the event (after it, answers are what the door and the exports already read).
 */
export const answersCutOff = (settings: {
  answersEditableUntil: Date | null;
  eventStartsAt: Date;
}): Date => settings.answersEditableUntil ?? settings.eventStartsAt;

/** A refunded ticket's answers stay as they were; a live one's may change until the cut-off. */
export const canEditAnswers = (params: { now: Date; cutOff: Date; status: TicketStatus }) =>
  params.status !== 'void' && params.now < params.cutOff;

/** The per-order answers (billing name, company) are the buyer's, not each ticket holder's. */
export const editsOrderAnswers = (actor: { id: string }, ticket: { buyerId: string }) =>
  actor.id === ticket.buyerId;
