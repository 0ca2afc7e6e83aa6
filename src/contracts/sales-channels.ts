import { z } from 'zod';
import { isoDate } from './bounds';

// An event's sales by channel (decision 117): online and at the box office, each split by how
// the buyer paid and, at the door, by the staff member who sold.

const SALES_CHANNELS = ['online', 'box_office'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** online: card (through the payment provider) or free; box office: its own methods. */
const SALES_CHANNEL_METHODS = ['card', 'free', 'cash', 'complimentary'] as const;
export type SalesChannelMethod = (typeof SALES_CHANNEL_METHODS)[number];

export const SalesChannelQuerySchema = z.object({
  /** One day of sales in the event's time zone; none: every day. */
  day: isoDate({ error: 'Choose a day as YYYY-MM-DD' }).optional(),
});

const SalesChannelRowSchema = z.object({
  channel: z.enum(SALES_CHANNELS),
  method: z.enum(SALES_CHANNEL_METHODS),
  /** Box office only: who sold (null online, or a seller whose account is gone). */
  sellerId: z.uuid().nullable(),
  sellerName: z.string().nullable(),
  orders: z.number().int(),
  tickets: z.number().int(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type SalesChannelRow = z.infer<typeof SalesChannelRowSchema>;

export const SalesChannelReportSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  day: z.string().nullable(),
  /** The days with sales, newest first (the filter's choices). */
  days: z.array(z.string()),
  rows: z.array(SalesChannelRowSchema),
});
export type SalesChannelReport = z.infer<typeof SalesChannelReportSchema>;
