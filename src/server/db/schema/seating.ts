import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SeatPlan } from '../../../contracts/seating';
import { events } from './events';
import { orders, tickets, ticketTypes } from './tickets';
import { users } from './users';

// Reserved seating (decision 068). A plan belongs to an organizer or venue account; every save
// is a new version (the JSON of contracts/seating.ts), and an event links one version, so a plan
// redrawn later never moves seats already sold.
export const seatingPlans = pgTable(
  'seating_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seating_plans_owner_idx').on(t.ownerId)],
);

export const seatingPlanVersions = pgTable(
  'seating_plan_versions',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => seatingPlans.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    data: jsonb('data').$type<SeatPlan>().notNull(),
    seatCount: integer('seat_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.version] })],
);

/** The plan version an event sells on, and the ticket type each category sells as. */
export const eventSeating = pgTable(
  'event_seating',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull(),
    version: integer('version').notNull(),
    /** Category id → ticket type id. */
    ticketTypes: jsonb('ticket_types').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A version an event sells on cannot be deleted under it.
    foreignKey({
      columns: [t.planId, t.version],
      foreignColumns: [seatingPlanVersions.planId, seatingPlanVersions.version],
      name: 'event_seating_plan_version_fk',
    }).onDelete('restrict'),
  ],
);

/**
 * A seat of an event taken by an order. The primary key (event, seat) is what makes a seat
 * impossible to sell twice: two checkouts racing for it cannot both insert the row. The seat's
 * state follows its order (pending → held until `reserved_until`, paid → sold); rows of closed
 * orders are removed before a seat is taken again. `order_id` is null only for the moment
 * between taking the seats and the order's creation (rows left so by a crash lapse after
 * `claimed_until`). `ticket_type_id` is the seat's category's ticket type, written when it is
 * taken; `ticket_id` the ticket the seat is printed on, written when the order is paid.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    seatId: text('seat_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.seatId] }),
    index('event_seats_order_idx').on(t.orderId),
    index('event_seats_ticket_idx').on(t.ticketId),
  ],
);
