import { createHash, createPrivateKey, sign } from 'node:crypto';

// A Google Wallet "save" link (decision 075): a JWT signed RS256 with the organizer's service
// account key, carrying the event ticket class and object. Google's servers are not reachable
// here; the format follows developers.google.com/wallet/tickets/events (JWT `typ` savetowallet).

interface GooglePassTicket {
  ticketId: string;
  /** The ticket's current code, its QR code; a transfer changes it. */
  code: string;
  holderName: string;
  ticketTypeName: string;
  event: { id: string; title: string; startsAt: string; location: string };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The save link's JWT. The object id carries a hash of the code, so a transferred ticket's new
 * holder saves a new pass while the old one keeps a code the door refuses as replaced.
 */
export function googleSaveJwt(params: {
  issuerId: string;
  serviceAccountEmail: string;
  privateKeyPem: string;
  origin: string;
  issuerName: string;
  ticket: GooglePassTicket;
  now: Date;
}): string {
  const { issuerId, ticket } = params;
  const classId = `${issuerId}.event-${ticket.event.id}`;
  const header = { alg: 'RS256', typ: 'JWT' };
  const payload = {
    iss: params.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(params.now.getTime() / 1000),
    origins: [params.origin],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: params.issuerName,
          reviewStatus: 'UNDER_REVIEW',
          eventName: { defaultValue: { language: 'en', value: ticket.event.title } },
          venue: {
            name: { defaultValue: { language: 'en', value: ticket.event.location } },
            address: { defaultValue: { language: 'en', value: ticket.event.location } },
          },
          dateTime: { start: ticket.event.startsAt },
        },
      ],
      eventTicketObjects: [
        {
          id: `${issuerId}.${ticket.ticketId}-${createHash('sha256').update(ticket.code).digest('hex').slice(0, 16)}`,
          classId,
          state: 'ACTIVE',
          ticketHolderName: ticket.holderName,
          ticketType: { defaultValue: { language: 'en', value: ticket.ticketTypeName } },
          barcode: { type: 'QR_CODE', value: ticket.code },
        },
      ],
    },
  };
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = sign('sha256', Buffer.from(unsigned), createPrivateKey(params.privateKeyPem));
  return `${unsigned}.${signature.toString('base64url')}`;
}

export const googleSaveUrl = (jwt: string) => `https://pay.google.com/gp/v/save/${jwt}`;
