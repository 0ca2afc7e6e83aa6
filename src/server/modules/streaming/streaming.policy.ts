import type { StreamAccess, StreamStatus, WATCH_DENIED } from '../../../contracts/streaming';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

export type DeniedReason = (typeof WATCH_DENIED)[number];

export interface WatchFacts {
  access: StreamAccess;
  status: StreamStatus;
  /** Signed in at all. */
  signedIn: boolean;
  /** The organizer or an admin. */
  manages: boolean;
  /** Holds a valid (or checked-in) ticket of the event, stream tickets included. */
  hasTicket: boolean;
  /** Redeemed the access code. */
  hasGrant: boolean;
}

/**
 * Who may watch a stream (decision 030). The organizer and admins always; 'public' anyone,
 * signed out too; otherwise a signed-in person holding a ticket of the event (any type: a
 * 'stream_ticket' stream sells an online-only type, but people with seats may watch too) or,
 * for 'code', who redeemed the code.
 */
export function watchDecision(f: WatchFacts): { canWatch: boolean; reason: DeniedReason | null } {
  if (f.manages || f.access === 'public') return { canWatch: true, reason: null };
  if (!f.signedIn) return { canWatch: false, reason: 'sign_in' };
  switch (f.access) {
    case 'ticket_holders':
      return f.hasTicket ? { canWatch: true, reason: null } : { canWatch: false, reason: 'ticket' };
    case 'stream_ticket':
      return f.hasTicket
        ? { canWatch: true, reason: null }
        : { canWatch: false, reason: 'stream_ticket' };
    case 'code':
      return f.hasGrant ? { canWatch: true, reason: null } : { canWatch: false, reason: 'code' };
  }
}

/** Recording is kept only when asked for and the organizer's plan has has_recording (spec §6). */
export const keepsRecording = (recordingEnabled: boolean, planHasRecording: boolean) =>
  recordingEnabled && planHasRecording;

type Actor = Pick<AuthUser, 'id' | 'roles'>;

/** The stream's organizer, or an admin (spec §6: admin passes every check). */
export const canManageStream = (actor: Actor | null, row: { ownerId: string }) =>
  Boolean(actor && (actor.id === row.ownerId || isAdmin(actor)));

/** The same rule as a query scope: the streams the actor owns, or every stream for an admin. */
export const streamOwnerScope = (actor: Actor) => ({ id: actor.id, admin: isAdmin(actor) });
