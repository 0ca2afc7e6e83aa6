import { z } from 'zod';
import { BADGE_SIZES } from './badge-layout';

// Name badges (decision 075): an event's badge templates, and which attendees to print.

export const BadgeTemplateInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Please name the template' })
    .max(80, { error: 'A template name has at most 80 characters' }),
  size: z.enum(BADGE_SIZES, { error: 'Please choose a badge size' }),
  /** A checkout question whose answer prints under the name (the company, say); null: none. */
  subtitleQuestionId: z.uuid({ error: 'Please choose a question of this event' }).nullable(),
  showTicketType: z.boolean(),
  showQr: z.boolean(),
  /** The organizer's profile picture, top left. */
  showLogo: z.boolean(),
});
export type BadgeTemplateInput = z.infer<typeof BadgeTemplateInputSchema>;

export const BadgeTemplateSchema = BadgeTemplateInputSchema.extend({
  id: z.uuid(),
  eventId: z.uuid(),
  updatedAt: z.string(),
});
export type BadgeTemplate = z.infer<typeof BadgeTemplateSchema>;

export const BadgeTemplateListSchema = z.object({
  templates: z.array(BadgeTemplateSchema),
  /** The event's questions a template may print under the name (text and choice answers). */
  questions: z.array(z.object({ id: z.uuid(), label: z.string() })),
  /** The organizer has a profile picture to print as the logo. */
  hasLogo: z.boolean(),
});
export type BadgeTemplateList = z.infer<typeof BadgeTemplateListSchema>;

/** Who to print: one ticket, or everyone (not refunded) matching a name and ticket types. */
export const BadgePrintQuerySchema = z.object({
  ticket: z.uuid({ error: 'Please choose a ticket of this event' }).optional(),
  q: z.string().trim().max(200).default(''),
  /** Comma-separated ticket type ids; none: every type. */
  types: z
    .string()
    .max(2000)
    .default('')
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'Please choose ticket types of this event' })).max(50)),
  /** Only guests already checked in (badges printed as people arrive). */
  checkedIn: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Badges in one PDF at most; more are printed with a filter (by type or name) in parts. */
export const BADGE_PRINT_MAX = 2000;
