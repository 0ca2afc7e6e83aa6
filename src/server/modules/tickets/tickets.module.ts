import type { ServerModule } from '../module';
import { ticketRoutes } from './tickets.routes';

/** Ticket types, discount codes, registration, tickets, check-in (part of `commerce`). */
export const ticketsModule: ServerModule = {
  name: 'tickets',
  routes: (ctx) => ticketRoutes(ctx, ctx.ticketing),
};
