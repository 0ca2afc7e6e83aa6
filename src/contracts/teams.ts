import { z } from 'zod';
import { USER_TYPES } from './enums';

// Teams with scoped roles (decision 065).

export const TEAM_ROLES = [
  'manager',
  'box_office',
  'check_in',
  'finance',
  'marketing',
  'vendor_manager',
] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/**
 * What a member may do for the owner. Here rather than in the server's policy so the web shows a
 * member only the pages their role opens; the server's `teams.policy.ts` decides with the same
 * table on every request.
 */
export const TEAM_PERMISSIONS = [
  // Setting the event up: details, publishing, ticket types, products, questions, capacity
  // pools, access codes, waiting list, transfers' settings, streams, duplication.
  'event.edit',
  'sell_at_door',
  'check_in',
  'attendees.view',
  'announcements',
  'orders',
  'refunds',
  // Invoices and the event's tax and buyer-billing settings.
  'invoices',
  'payouts',
  'exports',
  'billing',
  'team',
  'marketing.lists',
  'marketing.campaigns',
  'marketing.funnels',
  'marketing.ads',
  'discount_codes',
  'vendors.applications',
  'vendors.fees',
  'vendors.bookings',
  // The event's feedback form, its results and public replies to feedback.
  'feedback',
  // The account's developer settings: its public API keys (and their allowed origins) and
  // webhooks. The manager's: a key reads every event's orders and attendees.
  'developer',
] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

/** Only the owner handles money leaving the account and who is on the team. */
const OWNER_ONLY: readonly TeamPermission[] = ['billing', 'payouts', 'team'];

export const ROLE_PERMISSIONS: Record<TeamRole, readonly TeamPermission[]> = {
  manager: TEAM_PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  box_office: ['sell_at_door', 'check_in', 'attendees.view'],
  check_in: ['check_in'],
  finance: ['orders', 'refunds', 'invoices', 'payouts', 'exports', 'attendees.view'],
  marketing: [
    'marketing.lists',
    'marketing.campaigns',
    'marketing.funnels',
    'marketing.ads',
    'discount_codes',
    'announcements',
    'feedback',
  ],
  vendor_manager: ['vendors.applications', 'vendors.fees', 'vendors.bookings'],
};

/** Days an invitation link stays valid. */
export const TEAM_INVITE_DAYS = 7;

/**
 * The account switcher's cookie: the team owner a member acts for (decision 065). Readable by the
 * page; signing out clears it with the session.
 */
export const ACTING_COOKIE = 'mea_acting_for';

/** All of the owner's events, or the chosen ones. */
const ScopeFields = {
  allEvents: z.boolean(),
  eventIds: z.array(z.uuid()).max(200),
};

/** The texts a team form shows for what the schemas refuse (the catalogs translate them). */
export const TEAM_MESSAGES = {
  email: 'Please enter a valid email address',
} as const;

export const TeamInviteInputSchema = z.object({
  email: z.email({ error: TEAM_MESSAGES.email }).max(254, { error: TEAM_MESSAGES.email }),
  role: TeamRoleSchema,
  ...ScopeFields,
});
export type TeamInviteInput = z.infer<typeof TeamInviteInputSchema>;

export const TeamMemberUpdateSchema = z.object({ role: TeamRoleSchema, ...ScopeFields });
export type TeamMemberUpdate = z.infer<typeof TeamMemberUpdateSchema>;

export const TeamMemberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  ...ScopeFields,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: TeamRoleSchema,
  ...ScopeFields,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

export const TeamActivitySchema = z.object({
  id: z.uuid(),
  actorName: z.string().nullable(),
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable(),
  action: z.string(),
  createdAt: z.string(),
});
export type TeamActivity = z.infer<typeof TeamActivitySchema>;

/** The owner's view of their team. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invites: z.array(TeamInviteSchema),
  events: z.array(z.object({ id: z.uuid(), title: z.string() })),
  /** Members must use two-factor sign-in (an authenticator app or a passkey) to act for the team. */
  requireTwoFactor: z.boolean(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamActivityListSchema = z.object({ activity: z.array(TeamActivitySchema) });
export type TeamActivityList = z.infer<typeof TeamActivityListSchema>;

export const TeamInviteTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** What the invite link shows before it is accepted. */
export const TeamInvitePreviewSchema = z.object({
  ownerName: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  expiresAt: z.string(),
});
export type TeamInvitePreview = z.infer<typeof TeamInvitePreviewSchema>;

/** A team the signed-in person belongs to, and the owner's events they may act on. */
export const MembershipSchema = z.object({
  ownerId: z.uuid(),
  ownerName: z.string(),
  role: TeamRoleSchema,
  /** Over all the owner's events: only then may the member act on the account's own pages. */
  allEvents: z.boolean(),
  /** The owner's kind of account: the organizer or venue pages the member sees when switched. */
  ownerType: z.enum(USER_TYPES),
  events: z.array(z.object({ id: z.uuid(), title: z.string() })),
  /** The owner requires two-factor sign-in and this member has not turned it on yet. */
  needsTwoFactor: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;
export const MembershipListSchema = z.object({
  teams: z.array(MembershipSchema),
  /** The team owner the person switched to (decision 065), or null on their own account. */
  actingFor: z.uuid().nullable(),
});
export type MembershipList = z.infer<typeof MembershipListSchema>;

/** Switch to a team (its owner's id) or back to one's own account (null). */
export const ActingForInputSchema = z.object({ ownerId: z.uuid().nullable() });
export type ActingForInput = z.infer<typeof ActingForInputSchema>;

export const TeamSettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;
