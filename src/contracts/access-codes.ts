import { z } from 'zod';
import { isoDateTime } from './bounds';

// Access codes: codes that reveal hidden ticket types, separate from discount codes
// (decision 053). A use is one order; an expired or cancelled order gives its use back.

export const ACCESS_CODE_BULK_MAX = 1000;
export const ACCESS_CODE_USAGE_MAX = 1_000_000;
/** Length of the random part of a generated code ("SPONSOR-7KQ4XM2P"). */
export const ACCESS_CODE_RANDOM_LENGTH = 8;

export const ACCESS_CODE_MESSAGES = {
  codeShort: 'A code needs at least 3 characters',
  codeChars: 'Use letters, digits, - and _ only',
  typesRequired: 'Please choose at least one ticket type to reveal',
  typesOfEvent: 'Please choose ticket types of this event',
  codeTaken: 'This event already has an access code with this name',
  prefixChars: 'A prefix uses letters, digits, - and _ only',
  prefixLength: 'Please enter a prefix of 1 to 20 characters',
  count: 'Please choose between 1 and 1000 codes',
  usageLimit: 'A usage limit must be a whole number of 1 or more',
  invalid: 'This access code is not valid',
  expired: 'This access code has expired',
  usedUp: 'This access code has been used up',
  notApplicable: 'This access code does not unlock these tickets',
} as const;

const M = ACCESS_CODE_MESSAGES;

const usageLimit = z
  .number({ error: M.usageLimit })
  .int({ error: M.usageLimit })
  .min(1, { error: M.usageLimit })
  .max(ACCESS_CODE_USAGE_MAX, { error: M.usageLimit });

const ticketTypeIds = z
  .array(z.uuid({ error: M.typesOfEvent }))
  .min(1, { error: M.typesRequired })
  .max(100);

export const AccessCodeInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(3, { error: M.codeShort })
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, { error: M.codeChars }),
  ticketTypeIds,
  /** Orders that may use the code; null or left out: any number. */
  usageLimit: usageLimit.nullish(),
  validUntil: isoDateTime().nullish(),
});
export type AccessCodeInput = z.input<typeof AccessCodeInputSchema>;

/** N codes "PREFIX-XXXXXXXX" with an unguessable random part, single use unless told. */
export const AccessCodeBulkInputSchema = z.object({
  prefix: z
    .string()
    .trim()
    .min(1, { error: M.prefixLength })
    .max(20, { error: M.prefixLength })
    .regex(/^[A-Za-z0-9_-]+$/, { error: M.prefixChars }),
  count: z
    .number({ error: M.count })
    .int({ error: M.count })
    .min(1, { error: M.count })
    .max(ACCESS_CODE_BULK_MAX, { error: M.count }),
  ticketTypeIds,
  usageLimit: usageLimit.default(1),
  validUntil: isoDateTime().nullish(),
});
export type AccessCodeBulkInput = z.input<typeof AccessCodeBulkInputSchema>;

/** A change: any field left out keeps its value. */
export const AccessCodePatchSchema = z.object({
  isActive: z.boolean().optional(),
  ticketTypeIds: ticketTypeIds.optional(),
  usageLimit: usageLimit.nullish(),
  validUntil: isoDateTime().nullish(),
});
export type AccessCodePatch = z.input<typeof AccessCodePatchSchema>;

export const ACCESS_CODE_STATES = ['active', 'inactive', 'expired', 'used_up'] as const;
export type AccessCodeState = (typeof ACCESS_CODE_STATES)[number];
/** Why a code the buyer typed reveals nothing now. */
export const ACCESS_CODE_PROBLEMS = ['inactive', 'expired', 'used_up'] as const;
export type AccessCodeProblem = (typeof ACCESS_CODE_PROBLEMS)[number];

export const AccessCodeSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  code: z.string(),
  ticketTypeIds: z.array(z.uuid()),
  usageLimit: z.number().int().nullable(),
  /** Orders holding or having bought with the code (refunded ones keep their use). */
  usedCount: z.number().int(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  state: z.enum(ACCESS_CODE_STATES),
  batchId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type AccessCode = z.infer<typeof AccessCodeSchema>;

export const AccessCodeListSchema = z.object({ accessCodes: z.array(AccessCodeSchema) });
export type AccessCodeList = z.infer<typeof AccessCodeListSchema>;
export const AccessCodeBatchSchema = z.object({
  batchId: z.uuid(),
  accessCodes: z.array(AccessCodeSchema),
});

export const AccessCodeCsvQuerySchema = z.object({ batchId: z.uuid().optional() });
