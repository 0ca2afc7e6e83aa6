import { z } from 'zod';
import { TICKET_TYPE_MAX_QUANTITY } from './tickets';

// Capacity pools: one limit shared by several ticket types and products of an event ("Hall:
// 300"), on top of each type's own (decision 052). A hold takes from the type and from every
// pool it is in; a buyer sees the smaller of the two.

/** At most this many pools per event, and ticket types per pool (a form, not a data set). */
export const POOLS_PER_EVENT_MAX = 50;
export const POOL_TYPES_MAX = 100;

export const POOL_MESSAGES = {
  nameRequired: 'Please enter a name for this pool',
  capacity: 'Capacity must be a whole number of 1 or more',
  typesRequired: 'Please choose at least one ticket type for this pool',
  typesOfEvent: 'Please choose ticket types of this event',
  capacityBelowUsed: 'Capacity cannot be less than the places already sold or held',
  tooMany: 'An event can have at most 50 capacity pools',
  notFound: 'Capacity pool not found',
} as const;

const M = POOL_MESSAGES;

const capacity = z
  .number({ error: M.capacity })
  .int({ error: M.capacity })
  .min(1, { error: M.capacity })
  .max(TICKET_TYPE_MAX_QUANTITY, { error: M.capacity });

const ticketTypeIds = z
  .array(z.uuid({ error: M.typesOfEvent }))
  .min(1, { error: M.typesRequired })
  .max(POOL_TYPES_MAX);

export const CapacityPoolInputSchema = z.object({
  name: z.string().trim().min(1, { error: M.nameRequired }).max(80),
  capacity,
  ticketTypeIds,
});
export type CapacityPoolInput = z.input<typeof CapacityPoolInputSchema>;

export const CapacityPoolPatchSchema = CapacityPoolInputSchema.partial();
export type CapacityPoolPatch = z.input<typeof CapacityPoolPatchSchema>;

export const CapacityPoolSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  capacity: z.number().int(),
  ticketTypeIds: z.array(z.uuid()),
  /** Paid for (or free and issued). */
  sold: z.number().int(),
  /** In checkouts that have not finished yet. */
  held: z.number().int(),
  /** What can still be sold across the pool's types. */
  left: z.number().int(),
});
export type CapacityPool = z.infer<typeof CapacityPoolSchema>;

export const CapacityPoolListSchema = z.object({ pools: z.array(CapacityPoolSchema) });
export type CapacityPoolList = z.infer<typeof CapacityPoolListSchema>;

/** Public API v1: an event's capacity pools (snake_case like every v1 shape). */
const V1_CAPACITY_POOL_EXAMPLE = {
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Main hall',
  capacity: 300,
  ticket_type_ids: ['0b6c2f7e-3a1d-4c5b-9e8f-1a2b3c4d5e6f'],
  sold: 212,
  held: 6,
  left: 82,
};
export const V1CapacityPoolSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    capacity: z.number().int(),
    ticket_type_ids: z.array(z.uuid()),
    sold: z.number().int(),
    held: z.number().int(),
    left: z.number().int(),
  })
  .meta({
    example: V1_CAPACITY_POOL_EXAMPLE,
  });
export const V1CapacityPoolListSchema = z
  .object({ data: z.array(V1CapacityPoolSchema) })
  .meta({ example: { data: [V1_CAPACITY_POOL_EXAMPLE] } });

/** A pool as API v1 shows it. */
export function toV1CapacityPool(pool: CapacityPool): z.infer<typeof V1CapacityPoolSchema> {
  return {
    id: pool.id,
    name: pool.name,
    capacity: pool.capacity,
    ticket_type_ids: pool.ticketTypeIds,
    sold: pool.sold,
    held: pool.held,
    left: pool.left,
  };
}
