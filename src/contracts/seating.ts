import { z } from 'zod';
import { INT4_MAX } from './bounds';
import { SEATS_PER_ORDER_MAX } from './seat-limits';

// Reserved seating (decision 068): a seat plan is data (sections of rows, tables, standing areas,
// a stage and labels; categories with colours; flags per seat), saved as versions. An event links
// one version and maps each category to one of its ticket types; a seat is held by an order.

export const SEATING_MESSAGES = {
  planName: 'Please enter a name for this plan',
  sectionId: 'A section key is 1 to 12 letters or digits',
  sectionIdsUnique: 'Each section needs its own key',
  categoryIdsUnique: 'Each category needs its own key',
  categoryUnknown: 'Please choose one of the plan’s categories',
  color: 'A colour is written like #1f6feb',
  rows: 'Rows must be a whole number from 1 to 100',
  seatsPerRow: 'Seats per row must be a whole number from 1 to 200',
  tableSeats: 'A table has 1 to 30 seats',
  standingCapacity: 'A standing area holds 1 to 20,000 people',
  tooManySeats: 'A plan can have at most 20,000 seats',
  planNotFound: 'Seating plan not found',
  planForbidden: 'Only the plan’s owner can change it',
  ownerOnly: 'Only organizer and venue accounts can draw seating plans',
  noSeating: 'This event has no seating plan',
  versionNotFound: 'This version of the plan does not exist',
  categoryTicketType: 'Please map each category to one of this event’s ticket types',
  planInUse: 'Seats of this event are already held or sold: its plan cannot change',
  seatsRequired: 'Please choose at least one seat',
  seatsMax: 'You can choose at most 10 seats at once',
  seatUnknown: (seat: string) => `Seat ${seat} is not on this event’s plan`,
  seatBlocked: (seat: string) => `Seat ${seat} is not for sale`,
  seatHeld: (seat: string) => `Seat ${seat} is being bought by someone else`,
  seatSold: (seat: string) => `Seat ${seat} is already sold`,
  seatsShort: 'Not enough seats are left in this category',
  soldBySeat: 'These tickets are sold by seat: please choose your seats on the seat map',
  moveTicketNotFound: 'Ticket not found at this event',
  moveNotSold: 'Only the seat of a paid, valid ticket can be moved',
  moveNoSeat: 'This ticket has no seat to move',
  moveCategory: (seat: string) =>
    `Seat ${seat} is in another category: please choose a seat of the same category`,
} as const;

const M = SEATING_MESSAGES;

export const SEAT_FLAGS = ['wheelchair', 'companion', 'restricted', 'blocked'] as const;
export type SeatFlag = (typeof SEAT_FLAGS)[number];

export const SEATS_PER_PLAN_MAX = 20_000;

const key = z.string({ error: M.sectionId }).regex(/^[A-Za-z0-9]{1,12}$/, { error: M.sectionId });
const name = z.string().trim().min(1).max(80);
const coord = z.number().int().min(0).max(10_000);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: M.color });

export const SeatCategorySchema = z.object({ id: key, name, color });
export type SeatCategory = z.infer<typeof SeatCategorySchema>;

const placed = { id: key, name, x: coord, y: coord };

export const GridSectionSchema = z.object({
  ...placed,
  kind: z.literal('grid'),
  rows: z.number({ error: M.rows }).int({ error: M.rows }).min(1, { error: M.rows }).max(100, {
    error: M.rows,
  }),
  seatsPerRow: z
    .number({ error: M.seatsPerRow })
    .int({ error: M.seatsPerRow })
    .min(1, { error: M.seatsPerRow })
    .max(200, { error: M.seatsPerRow }),
  /** Rows named A, B, C… or 1, 2, 3… from the front (nearest the stage). */
  rowLabels: z.enum(['letters', 'numbers']).default('letters'),
  /** Seat 1 on the left or on the right as the audience faces the stage. */
  numbering: z.enum(['ltr', 'rtl']).default('ltr'),
  /** Every seat numbered, or only odd / even numbers (theatre sides). */
  parity: z.enum(['all', 'odd', 'even']).default('all'),
  categoryId: key,
});

export const TableSectionSchema = z.object({
  ...placed,
  kind: z.literal('table'),
  seats: z
    .number({ error: M.tableSeats })
    .int({ error: M.tableSeats })
    .min(1, { error: M.tableSeats })
    .max(30, { error: M.tableSeats }),
  categoryId: key,
});

export const StandingSectionSchema = z.object({
  ...placed,
  kind: z.literal('standing'),
  width: coord,
  height: coord,
  capacity: z
    .number({ error: M.standingCapacity })
    .int({ error: M.standingCapacity })
    .min(1, { error: M.standingCapacity })
    .max(SEATS_PER_PLAN_MAX, { error: M.standingCapacity }),
  categoryId: key,
});

export const StageSchema = z.object({
  ...placed,
  kind: z.literal('stage'),
  width: coord,
  height: coord,
});
export const LabelSchema = z.object({ ...placed, kind: z.literal('label') });

export const SectionSchema = z.discriminatedUnion('kind', [
  GridSectionSchema,
  TableSectionSchema,
  StandingSectionSchema,
  StageSchema,
  LabelSchema,
]);
export type Section = z.infer<typeof SectionSchema>;
export type GridSection = z.infer<typeof GridSectionSchema>;

export const SeatPlanSchema = z
  .object({
    width: z.number().int().min(100).max(10_000).default(800),
    height: z.number().int().min(100).max(10_000).default(600),
    categories: z.array(SeatCategorySchema).min(1).max(20),
    sections: z.array(SectionSchema).max(200),
    /** Flags of single seats, by seat id ("A-Row 3-12"). */
    seatFlags: z.record(z.string().max(60), z.array(z.enum(SEAT_FLAGS)).max(4)).default({}),
    /** A seat whose category differs from its section's, by seat id. */
    seatCategories: z.record(z.string().max(60), key).default({}),
  })
  .superRefine((plan, ctx) => {
    const sectionIds = plan.sections.map((s) => s.id);
    if (new Set(sectionIds).size !== sectionIds.length)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: M.sectionIdsUnique });
    const categoryIds = new Set(plan.categories.map((c) => c.id));
    if (categoryIds.size !== plan.categories.length)
      ctx.addIssue({ code: 'custom', path: ['categories'], message: M.categoryIdsUnique });
    plan.sections.forEach((section, index) => {
      if ('categoryId' in section && !categoryIds.has(section.categoryId))
        ctx.addIssue({
          code: 'custom',
          path: ['sections', index, 'categoryId'],
          message: M.categoryUnknown,
        });
    });
    for (const [seat, category] of Object.entries(plan.seatCategories))
      if (!categoryIds.has(category))
        ctx.addIssue({
          code: 'custom',
          path: ['seatCategories', seat],
          message: M.categoryUnknown,
        });
    let seats = 0;
    for (const s of plan.sections)
      seats +=
        s.kind === 'grid'
          ? s.rows * s.seatsPerRow
          : s.kind === 'table'
            ? s.seats
            : s.kind === 'standing'
              ? s.capacity
              : 0;
    if (seats > SEATS_PER_PLAN_MAX)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: M.tooManySeats });
  });
export type SeatPlan = z.infer<typeof SeatPlanSchema>;
export type SeatPlanInput = z.input<typeof SeatPlanSchema>;

export const SeatingPlanInputSchema = z.object({
  name: z.string({ error: M.planName }).trim().min(1, { error: M.planName }).max(120),
  plan: SeatPlanSchema,
});
export type SeatingPlanInput = z.input<typeof SeatingPlanInputSchema>;

export const SeatingPlanSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  seatCount: z.number().int(),
  plan: SeatPlanSchema,
  updatedAt: z.string(),
});
export type SeatingPlan = z.infer<typeof SeatingPlanSchema>;

export const SeatingPlanSummarySchema = SeatingPlanSchema.omit({ plan: true });
export const SeatingPlanListSchema = z.object({ plans: z.array(SeatingPlanSummarySchema) });
export type SeatingPlanList = z.infer<typeof SeatingPlanListSchema>;
/** The seats an order holds (GET /api/orders/:id/seats). */
export const OrderSeatsSchema = z.object({ seatIds: z.array(z.string()) });
export type OrderSeats = z.infer<typeof OrderSeatsSchema>;

export const EventSeatingInputSchema = z.object({
  planId: z.uuid({ error: M.planNotFound }),
  version: z
    .number()
    .int()
    .min(1, { error: M.versionNotFound })
    .max(INT4_MAX, { error: M.versionNotFound }),
  /** Ticket type id for each category id of the plan. */
  ticketTypes: z.record(key, z.uuid({ error: M.categoryTicketType })),
});
export type EventSeatingInput = z.input<typeof EventSeatingInputSchema>;

export const SEAT_STATES = ['available', 'held', 'sold'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const EventSeatingSchema = z.object({
  eventId: z.uuid(),
  planId: z.uuid(),
  planName: z.string(),
  version: z.number().int(),
  plan: SeatPlanSchema,
  /** Each category with the ticket type it sells as and that type's price. */
  categories: z.array(
    z.object({
      id: z.string(),
      ticketTypeId: z.uuid(),
      ticketTypeName: z.string(),
      priceCents: z.number().int(),
      currency: z.string(),
    }),
  ),
  /** Seats that are not available, by id (absent seats are available unless blocked). */
  held: z.array(z.string()),
  sold: z.array(z.string()),
});
export type EventSeating = z.infer<typeof EventSeatingSchema>;

const seatIds = z
  .array(z.string().min(1).max(60))
  .min(1, { error: M.seatsRequired })
  .max(SEATS_PER_ORDER_MAX, { error: M.seatsMax });

export const SeatOrderInputSchema = z.object({ seatIds });

/** An organizer moves a sold ticket to another free seat of the same category (exchange). */
export const SeatMoveInputSchema = z.object({
  ticketId: z.uuid(),
  seatId: z.string().trim().min(1).max(60),
});
export type SeatMoveInput = z.input<typeof SeatMoveInputSchema>;
export const SeatMoveSchema = z.object({
  ticketId: z.uuid(),
  seatId: z.string(),
  /** The seat it had; the same as `seatId` when the ticket was already there (a repeat). */
  previousSeatId: z.string(),
});
export type SeatMove = z.infer<typeof SeatMoveSchema>;

/** A signed-out page's live map: the seats changed since its cursor (decision 090). */
export const SeatChangesAnswerSchema = z.object({
  cursor: z.string(),
  /** The cursor was not this server's or too old: read the whole map again. */
  reset: z.boolean(),
  seats: z.record(z.string(), z.enum(['free', 'held', 'sold'])),
});
export type SeatChangesAnswer = z.infer<typeof SeatChangesAnswerSchema>;
export type SeatOrderInput = z.input<typeof SeatOrderInputSchema>;

export const BestSeatsInputSchema = z.object({
  categoryId: key,
  quantity: z.number().int().min(1).max(SEATS_PER_ORDER_MAX, { error: M.seatsMax }),
});
export const BestSeatsSchema = z.object({ seatIds: z.array(z.string()), together: z.boolean() });
export type BestSeats = z.infer<typeof BestSeatsSchema>;
