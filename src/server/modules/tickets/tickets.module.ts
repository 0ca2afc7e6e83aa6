import { registerEventCopier, TICKET_TYPES_COPIER } from '../events/events.service';
import type { ServerModule } from '../module';
import { copyTicketTypes } from './ticket-copy';
import { ticketRoutes } from './tickets.routes';

registerEventCopier(TICKET_TYPES_COPIER, copyTicketTypes);

/** Ticket types, discount codes, registration, tickets, check-in (part of `commerce`). */
export const ticketsModule: ServerModule = {
  name: 'tickets',
  routes: (ctx) => ticketRoutes(ctx, ctx.ticketing),
};
