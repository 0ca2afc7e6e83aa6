import { z } from 'zod';

// One-time sign-in links and "Where you're signed in" (decision 062).

export const SignInLinkInputSchema = z.object({ token: z.string().min(1).max(200) });

/** A session of the signed-in person, as "Where you're signed in" lists it. */
export const DeviceSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and operating system read from the User-Agent, null when it says nothing known. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** The address at sign-in, masked (IPv4 a.b.c.x, IPv6 its /48); null when not recorded. */
  place: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

export const DeviceSessionListSchema = z.object({ sessions: z.array(DeviceSessionSchema) });
export type DeviceSessionList = z.infer<typeof DeviceSessionListSchema>;

export const SignedOutCountSchema = z.object({ signedOut: z.number().int() });
